import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/profile/messages.ts'
import { ProfilePage } from '../features/profile/ProfilePage.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/profile')({ component: Profile })

function Profile() {
  const t = useT()
  return (
    <Page title={t('title')}>
      <ProfilePage />
    </Page>
  )
}
