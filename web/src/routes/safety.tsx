import { createFileRoute } from '@tanstack/react-router'
import { RecordingsCard } from '../features/evidence/RecordingsCard.tsx'
import { GuardiansPanel } from '../features/guardians/GuardiansPanel.tsx'
import { TrustedContactsManager } from '../features/profile/TrustedContactsManager.tsx'
import { ShakeSetting } from '../features/shake/ShakeSetting.tsx'
import { CheckInPanel } from '../features/share/CheckInPanel.tsx'
import { LiveSharePanel } from '../features/share/LiveSharePanel.tsx'
import { useT } from '../features/share/messages.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/safety')({ component: Safety })

/** Safety tools: trusted contacts, guardians, live location, the check-in timer and Shake for SOS (signed out too). */
function Safety() {
  const t = useT()
  return (
    <Page title={t('safetyTitle')} className="safety">
      <p className="safety__intro">{t('safetyIntro')}</p>
      <TrustedContactsManager />
      <GuardiansPanel />
      <LiveSharePanel />
      <CheckInPanel />
      <ShakeSetting />
      <RecordingsCard />
    </Page>
  )
}
