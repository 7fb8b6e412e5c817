import { createFileRoute, Link } from '@tanstack/react-router'
import { CheckInPanel } from '../features/share/CheckInPanel.tsx'
import { T, useT } from '../features/share/messages.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/check-in')({ component: CheckIn })

/** /check-in: the check-in timer alone, first on the screen (the "Check-in" shortcut), not below the other tools. */
function CheckIn() {
  const t = useT()
  return (
    <Page title={t('checkInPageTitle')} className="check-in">
      <CheckInPanel />
      <p>
        <T k="allTools" components={{ 0: <Link to="/safety" /> }} />
      </p>
    </Page>
  )
}
