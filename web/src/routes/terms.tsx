import { createFileRoute, Link } from '@tanstack/react-router'
import { T, useT } from '../features/about/messages.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/terms')({ component: Terms })

function Terms() {
  const t = useT()
  return (
    <Page title={t('termsTitle')} className="prose">
      <p>{t('termsIntro')}</p>
      <h2>{t('notEmergencyTitle')}</h2>
      <p>
        {/* biome-ignore lint/a11y/useAnchorContent: the message puts the number inside the link */}
        <T k="notEmergency" components={{ 0: <a href="tel:112" /> }} />
      </p>
      <h2>{t('accountTitle')}</h2>
      <ul>
        <li>{t('account1')}</li>
        <li>{t('account2')}</li>
        <li>{t('account3')}</li>
      </ul>
      <h2>{t('shareTitle')}</h2>
      <ul>
        <li>{t('share1')}</li>
        <li>{t('share2')}</li>
        <li>{t('share3')}</li>
      </ul>
      <h2>{t('changesTitle')}</h2>
      <p>
        <T k="changes" components={{ 0: <Link to="/privacy" /> }} />
      </p>
    </Page>
  )
}
