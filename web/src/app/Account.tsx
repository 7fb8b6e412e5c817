import { Link } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { Avatar } from '../features/auth/Avatar.tsx'
import { LogoutButton } from '../features/logout/LogoutButton.tsx'
import { useT } from './messages.ts'

/** The header's part for a signed-in user: her greeting (to her profile) and Logout. */
export function Account({ user }: { user: User }) {
  const t = useT()
  return (
    <>
      <Link to="/profile" className="greeting">
        <Avatar gender={user.gender} size={32} />
        <span>{t('greeting', { firstName: user.firstName })}</span>
      </Link>
      <LogoutButton />
    </>
  )
}
