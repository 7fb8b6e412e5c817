/**
 * Logout: at once when nothing on this phone depends on her account; else it first asks (LogoutDialog) whether to
 * stop her live share and whether to keep her trusted contacts on this phone.
 */
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { useAuth } from '../auth/index.ts'
import { currentShare } from '../share/index.ts'
import { accountContactsOnPhone } from '../trusted-contacts/index.ts'
import { LogoutDialog, type LogoutQuestion } from './LogoutDialog.tsx'
import { useT } from './messages.ts'
import { useLogout } from './useLogout.ts'

export function LogoutButton() {
  const t = useT()
  const { user } = useAuth()
  const { logout, busy } = useLogout()
  const [question, setQuestion] = useState<LogoutQuestion | null>(null)

  const start = async () => {
    if (!user) return
    const [share, contacts] = await Promise.all([
      currentShare().catch(() => null),
      accountContactsOnPhone(user._id).catch(() => []),
    ])
    if (!share && contacts.length === 0) void logout()
    else setQuestion({ share, contacts })
  }

  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void start()} disabled={busy}>
        {t('button')}
      </button>
      {/* Outside the menu: the menu may close (and hide) while she answers. */}
      {createPortal(
        <LogoutDialog
          question={question}
          onClose={() => setQuestion(null)}
          onConfirm={(choices) => {
            setQuestion(null)
            void logout(choices)
          }}
        />,
        document.body,
      )}
    </>
  )
}
