import { Link } from '@tanstack/react-router'
import { Card } from '../../ui/Card.tsx'
import { InstallButton } from '../install/index.ts'
import './home.css'

export const FEATURES = [
  {
    title: 'AI-powered Safe Route Planner',
    text: 'Suggests the safest route using real-time crime data, street lighting and crowd density.',
  },
  {
    title: 'Real-time Incident Reporting',
    text: 'Report incidents anonymously to build a heatmap of high-risk areas.',
  },
  {
    title: 'Survivor Storytelling Blog',
    text: 'Share and read stories of courage, with resources for healing.',
  },
  {
    title: 'Emergency SOS Button',
    text: 'One press shares your live location with the people you trust.',
  },
  {
    title: 'Crowdsourced Safety Feedback',
    text: 'Rate routes and share safety tips with other women.',
  },
  {
    title: 'Easy-to-use Interface',
    text: 'Simple, clear screens that work on any phone, even offline.',
  },
] as const

export const TIPS = [
  'Stick to well-lit, busy streets and avoid isolated shortcuts.',
  'Share your route with a friend or family member.',
  'Keep your phone accessible and fully charged.',
  'Trust your instincts and seek help if you feel unsafe.',
] as const

export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title" className="hero__tagline">
            They built cages, she grew wings...
          </h1>
          <p className="hero__promise">Protection at your fingertips, because every woman deserves to feel secure!</p>
          <div className="hero__actions">
            <Link to="/login" className="btn btn--light">
              JOIN NOW
            </Link>
            <InstallButton />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          Our Features
        </h2>
        <ul className="features">
          {FEATURES.map((f, i) => (
            <Card as="li" key={f.title} className="feature">
              <span className="feature__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="feature__title">{f.title}</h3>
              <p>{f.text}</p>
            </Card>
          ))}
        </ul>
      </section>

      <section className="section section--tint" aria-labelledby="tips-title">
        <h2 id="tips-title" className="section__title">
          What you can do
        </h2>
        <ul className="tips">
          {TIPS.map((t) => (
            <li key={t} className="tip">
              {t}
            </li>
          ))}
        </ul>
        <p className="tips__help">
          Need help right now? <Link to="/help">See the emergency and helpline numbers</Link>.
        </p>
      </section>
    </>
  )
}
