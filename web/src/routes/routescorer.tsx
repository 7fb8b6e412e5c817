import { createFileRoute } from '@tanstack/react-router'
import { EstimatorPage } from '../features/estimator/EstimatorPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/routescorer')({
  component: pageOf('Route Safety Estimator', 'routescorer', EstimatorPage),
})
