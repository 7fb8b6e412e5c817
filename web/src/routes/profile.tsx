import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { ProfilePage } from '../features/profile/ProfilePage.tsx'

export const Route = createFileRoute('/profile')({ component: Profile })

function Profile() {
  return (
    <Page title="Profile">
      <ProfilePage />
    </Page>
  )
}
