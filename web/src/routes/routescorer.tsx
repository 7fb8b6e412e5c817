import { createFileRoute } from '@tanstack/react-router'
import { EstimatorPage } from '../features/estimator/EstimatorPage.tsx'
import { useT } from '../features/estimator/messages.ts'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/routescorer')({
  component: pageOf(() => useT()('title'), 'routescorer', EstimatorPage),
})
