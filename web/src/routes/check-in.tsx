import { createFileRoute, Link } from '@tanstack/react-router'
import { CheckInPanel } from '../features/share/CheckInPanel.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/check-in')({ component: CheckIn })

/** /check-in: the check-in timer alone, first on the screen (the "Check-in" shortcut), not below the other tools. */
function CheckIn() {
  return (
    <Page title="Check-in" className="check-in">
      <CheckInPanel />
      <p>
        <Link to="/safety">All safety tools</Link>: trusted contacts, guardians and live location.
      </p>
    </Page>
  )
}
