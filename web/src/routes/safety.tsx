import { createFileRoute } from '@tanstack/react-router'
import { GuardiansPanel } from '../features/guardians/GuardiansPanel.tsx'
import { TrustedContactsManager } from '../features/profile/TrustedContactsManager.tsx'
import { CheckInPanel } from '../features/share/CheckInPanel.tsx'
import { LiveSharePanel } from '../features/share/LiveSharePanel.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/safety')({ component: Safety })

/** Safety tools: trusted contacts, guardians, live location sharing and the check-in timer (signed out too). */
function Safety() {
  return (
    <Page title="Safety tools" className="safety">
      <p className="safety__intro">
        Set these up before you need them. The Emergency SOS button sends your position to your trusted contacts by SMS,
        which works without mobile data.
      </p>
      <TrustedContactsManager />
      <GuardiansPanel />
      <LiveSharePanel />
      <CheckInPanel />
    </Page>
  )
}
