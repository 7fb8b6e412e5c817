import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../../features/share/messages.ts'
import { ViewerPage } from '../../features/share/ViewerPage.tsx'
import { Page } from '../../ui/Page.tsx'

export const Route = createFileRoute('/s/$token')({ component: SharedLocation })

/** The public page of a live location share: anyone with the link, no account. */
function SharedLocation() {
  const { token } = Route.useParams()
  const t = useT()
  return (
    <Page title={t('viewerPageTitle')} className="viewer-page">
      <ViewerPage key={token} token={token} />
    </Page>
  )
}
