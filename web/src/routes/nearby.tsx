import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/nearby/messages.ts'
import { NearbyPage } from '../features/nearby/NearbyPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/nearby')({
  component: pageOf(() => useT()('pageTitle'), 'nearby-page', NearbyPage),
})
