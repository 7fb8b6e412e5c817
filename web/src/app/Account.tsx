import { Link } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { useEffect } from 'react'
import { Avatar } from '../features/auth/Avatar.tsx'
import { uploadWaitingEvidence } from '../features/evidence/startup.ts'
import { LogoutButton } from '../features/logout/LogoutButton.tsx'
import { useT } from './messages.ts'

/** The header's part for a signed-in user: her greeting (to her profile) and Logout. */
export function Account({ user }: { user: User }) {
  const t = useT()
  // Her evidence recordings left waiting (offline, logged out, or by a page that died) upload once the first screen
  // is up: here, loaded only for a signed-in user, rather than in the first screen's scripts.
  useEffect(uploadWaitingEvidence, [])
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
