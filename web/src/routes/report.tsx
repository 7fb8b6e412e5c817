import { createFileRoute, Link } from '@tanstack/react-router'
import { T, useT } from '../features/incidents/messages.ts'
import { ReportForm } from '../features/incidents/ReportForm.tsx'
import { CHOSEN_ON_MAP } from '../features/incidents/report.ts'
import { validateReportSearch } from '../features/map/reportSearch.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/report')({ validateSearch: validateReportSearch, component: Report })

function Report() {
  const t = useT()
  const { lat, lon } = Route.useSearch()
  const place = lat !== undefined && lon !== undefined ? { lat, lon, label: CHOSEN_ON_MAP } : undefined
  return (
    <Page title={t('pageTitle')} className="report">
      <p className="report__intro">
        <T k="intro" components={{ 0: <Link to="/help" /> }} />
      </p>
      <ReportForm key={place ? `${place.lat},${place.lon}` : 'none'} initialPlace={place} />
    </Page>
  )
}
