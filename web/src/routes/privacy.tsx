import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { PrivacyPage } from '../features/privacy/PrivacyPage.tsx'

export const Route = createFileRoute('/privacy')({ component: Privacy })

function Privacy() {
  return (
    <Page title="Privacy" className="prose privacy">
      <PrivacyPage />
    </Page>
  )
}
