import { createFileRoute, Link } from '@tanstack/react-router'
import { T, useT } from '../features/about/messages.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/about')({ component: About })

function About() {
  const t = useT()
  const strong = { 0: <strong /> }
  return (
    <Page title={t('aboutTitle')} className="prose">
      <p>{t('aboutIntro')}</p>

      <h2>{t('reachTitle')}</h2>
      <ul>
        <li>
          <T k="sos" components={strong} />
        </li>
        <li>
          <T k="guardians" components={strong} />
        </li>
        <li>
          <T k="live" components={{ 0: <strong />, 1: <Link to="/safety" /> }} />
        </li>
        <li>
          <T k="helplines" components={{ 0: <strong />, 1: <Link to="/help" /> }} />
        </li>
        <li>
          <T k="saathi" components={strong} />
        </li>
        <li>
          <T k="quickExit" components={strong} />
        </li>
      </ul>

      <h2>{t('planTitle')}</h2>
      <ul>
        <li>
          <T k="planner" components={{ 0: <strong />, 1: <Link to="/routecalculation" /> }} />
        </li>
        <li>
          <T k="offlineMaps" components={strong} />
        </li>
        <li>
          <T k="reports" components={strong} />
        </li>
        <li>
          <T k="ratings" components={strong} />
        </li>
      </ul>

      <h2>{t('storiesTitle')}</h2>
      <p>
        <T k="stories" components={{ 0: <Link to="/blog" /> }} />
      </p>

      <h2>{t('builtTitle')}</h2>
      <p>
        <T k="built" components={{ 0: <Link to="/privacy" /> }} />
      </p>
      <p>
        <T k="contact" components={{ 0: <Link to="/contact" /> }} />
      </p>
    </Page>
  )
}
