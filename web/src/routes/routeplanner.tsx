import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/planner/messages.ts'
import { PlannerPage } from '../features/planner/PlannerPage.tsx'
import { Page } from '../ui/Page.tsx'

interface PlannerSearch {
  /** A saved route to open (from /routes). */
  saved?: string
}

export const Route = createFileRoute('/routeplanner')({
  validateSearch: (search: Record<string, unknown>): PlannerSearch =>
    typeof search.saved === 'string' && /^[0-9a-f]{24}$/.test(search.saved) ? { saved: search.saved } : {},
  component: RoutePlanner,
})

function RoutePlanner() {
  const { saved } = Route.useSearch()
  const t = useT()
  return (
    <Page title={t('title')} className="routeplanner">
      <PlannerPage key={saved ?? 'planner'} savedId={saved} />
    </Page>
  )
}
