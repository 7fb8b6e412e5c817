import { createFileRoute, Link } from '@tanstack/react-router'
import { ReportForm } from '../features/incidents/ReportForm.tsx'
import { validateReportSearch } from '../features/map/reportSearch.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/report')({ validateSearch: validateReportSearch, component: Report })

function Report() {
  const { lat, lon } = Route.useSearch()
  const place = lat !== undefined && lon !== undefined ? { lat, lon, label: 'Chosen on the map' } : undefined
  return (
    <Page title="Report an incident" className="report">
      <p className="report__intro">
        Tell others what you saw or went through, anonymously. Reports warn other women and make route scores around the
        place more careful. If you are in danger now, use SOS or call <Link to="/help">a helpline</Link>.
      </p>
      <ReportForm key={place ? `${place.lat},${place.lon}` : 'none'} initialPlace={place} />
    </Page>
  )
}
