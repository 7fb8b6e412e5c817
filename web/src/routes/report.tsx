import { createFileRoute, Link } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { ReportForm } from '../features/incidents/ReportForm.tsx'

export const Route = createFileRoute('/report')({ component: Report })

function Report() {
  return (
    <Page title="Report an incident" className="report">
      <p className="report__intro">
        Tell others what you saw or went through, anonymously. Reports warn other women and make route scores around the
        place more careful. If you are in danger now, use SOS or call <Link to="/help">a helpline</Link>.
      </p>
      <ReportForm />
    </Page>
  )
}
