import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../features/profile/ProfilePage.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/profile')({ component: Profile })

function Profile() {
  return (
    <Page title="Profile">
      <ProfilePage />
    </Page>
  )
}
