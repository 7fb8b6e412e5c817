/** 'Who will be alerted': her guardians who get the missed check-in, or plainly that nobody will (checkInWatchers.ts). */
import { Link, useRouterState } from '@tanstack/react-router'
import { useId } from 'react'
import { Button } from '../../ui/Button.tsx'
import { useAuth } from '../auth/index.ts'
import { type ShareOwner, useGuardianCheck, WatchText, watchersView } from './checkInWatchers.ts'
import { T, useT } from './messages.ts'

export function CheckInWatchers({ owner }: { owner: ShareOwner }) {
  const t = useT()
  const { user } = useAuth()
  const here = useRouterState({ select: (state) => state.location.pathname })
  const { check, retry } = useGuardianCheck(user ?? null)
  const headingId = useId()
  if (user === undefined) return null
  const shown = watchersView(owner, user, check, Date.now())
  return (
    <section className="checkin-watchers" aria-labelledby={headingId}>
      <h3 id={headingId} className="checkin-watchers__title">
        {t('whoAlerted')}
      </h3>
      <p className="checkin-watchers__summary">{shown.summary}</p>
      {shown.alerted.length > 0 ? (
        <ul className="checkin-watchers__list">
          {shown.alerted.map((guardian) => (
            <li key={guardian.id}>
              <span className="checkin-watchers__name">{guardian.name}</span>{' '}
              <span className="checkin-watchers__how">({guardian.how})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {shown.notes.map((note) => (
        <p key={note} className="share-panel__note">
          {note}
        </p>
      ))}
      <p className="share-panel__note">{WatchText.viewers}</p>
      {shown.action === 'signIn' ? (
        <p className="checkin-watchers__actions">
          <T
            k="signInActions"
            components={{
              0: <Link to="/login" search={{ redirect: here }} />,
              1: <Link to="/signup" />,
              2: <Link to="/safety" />,
            }}
          />
        </p>
      ) : shown.action === 'addGuardians' ? (
        <p className="checkin-watchers__actions">
          <Link to="/safety">{t('addGuardian')}</Link>
        </p>
      ) : shown.action === 'retry' ? (
        <Button variant="secondary" size="sm" onClick={retry}>
          {t('checkAgain')}
        </Button>
      ) : null}
    </section>
  )
}
