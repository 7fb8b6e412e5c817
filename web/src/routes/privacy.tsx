import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '../features/privacy/PrivacyPage.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/privacy')({ component: Privacy })

function Privacy() {
  return (
    <Page title="Privacy" className="prose privacy">
      <PrivacyPage />
    </Page>
  )
}
