import { Link } from '@tanstack/react-router'
import { Card } from '../../ui/Card.tsx'
import { InstallButton } from '../install/index.ts'
import { T, useT } from './messages.ts'
import './home.css'

const FEATURES = [1, 2, 3, 4, 5, 6] as const
const TIPS = [1, 2, 3, 4] as const

export function HomePage() {
  const t = useT()
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title" className="hero__tagline">
            {t('tagline')}
          </h1>
          <p className="hero__promise">{t('promise')}</p>
          <div className="hero__actions">
            <Link to="/login" className="btn btn--light">
              {t('joinNow')}
            </Link>
            <InstallButton />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          {t('featuresTitle')}
        </h2>
        <ul className="features">
          {FEATURES.map((n) => (
            <Card as="li" key={n} className="feature">
              <span className="feature__number" aria-hidden="true">
                {n}
              </span>
              <h3 className="feature__title">{t(`feature${n}Title`)}</h3>
              <p>{t(`feature${n}Text`)}</p>
            </Card>
          ))}
        </ul>
      </section>

      <section className="section section--tint" aria-labelledby="tips-title">
        <h2 id="tips-title" className="section__title">
          {t('tipsTitle')}
        </h2>
        <ul className="tips">
          {TIPS.map((n) => (
            <li key={n} className="tip">
              {t(`tip${n}`)}
            </li>
          ))}
        </ul>
        <p className="tips__help">
          <T k="helpNow" components={{ 0: <Link to="/help" /> }} />
        </p>
        <p className="tips__help">
          <T k="fakeCall" components={{ 0: <Link to="/fake-call" /> }} />
        </p>
        <p className="tips__help">
          <T k="nearestHelp" components={{ 0: <Link to="/nearby" /> }} />
        </p>
      </section>
    </>
  )
}
