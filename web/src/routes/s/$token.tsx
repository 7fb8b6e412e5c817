import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../../app/Frame.tsx'
import { ViewerPage } from '../../features/share/ViewerPage.tsx'

export const Route = createFileRoute('/s/$token')({ component: SharedLocation })

/** The public page of a live location share: anyone with the link, no account. */
function SharedLocation() {
  const { token } = Route.useParams()
  return (
    <Page title="Live location" className="viewer-page">
      <ViewerPage key={token} token={token} />
    </Page>
  )
}
