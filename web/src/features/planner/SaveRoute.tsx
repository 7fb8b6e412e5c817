import { Link } from '@tanstack/react-router'
import type { TravelMode, User } from '@wings/contract'
import { useEffect, useRef, useState } from 'react'
import { i18n } from '../../i18n/catalog.tsx'
import { NotSignedInError } from '../../sync/outbox.ts'
import { Button } from '../../ui/Button.tsx'
import { saveRoute } from '../saved-routes/index.ts'
import { t as translate, useT } from './messages.ts'
import type { ShownRoute } from './state.ts'

/** Spec: a save shows its success or error message for 4 seconds. */
export const SAVE_MESSAGE_MS = 4000

interface Place {
  name: string
  point: [number, number]
}

export interface SaveRouteProps {
  user: User | null
  from: Place
  to: Place
  route: ShownRoute
  routeNumber: number
  mode: TravelMode
}

type Message = { ok: boolean; text: string; login?: boolean }

/** 'Save This Route': the two places and the chosen route, saved on the phone and sent through the outbox. */
export function SaveRoute({ user, from, to, route, routeNumber, mode }: SaveRouteProps) {
  const t = useT()
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function show(next: Message) {
    clearTimeout(timer.current)
    setMessage(next)
    timer.current = setTimeout(() => setMessage(null), SAVE_MESSAGE_MS)
  }

  async function save() {
    if (busy) return
    if (!user) {
      show({ ok: false, text: translate('loginToSave'), login: true })
      return
    }
    const fromName = from.name.trim()
    const toName = to.name.trim()
    if (!fromName || !toName) {
      // Spec: saving with missing location data does nothing visible.
      console.log('Missing data')
      return
    }
    setBusy(true)
    try {
      const outcome = await saveRoute({
        currentLocation: from.point,
        destinationLocation: to.point,
        currentLocationName: fromName,
        destinationLocationName: toName,
        route: {
          mode,
          label: route.label,
          geometry: route.geometry,
          distance: route.summary.distance,
          duration: route.summary.duration,
          safetyScore: route.safetyScore,
        },
      })
      show(
        outcome === 'saved'
          ? { ok: true, text: translate('routeSaved') }
          : { ok: false, text: translate('routeDuplicate') },
      )
    } catch (error) {
      // Not signed in any more: the same words as before saving. Other errors' messages are English: ours instead.
      if (error instanceof NotSignedInError) show({ ok: false, text: translate('loginToSave'), login: true })
      else
        show({
          ok: false,
          text:
            i18n.locale === 'en' && error instanceof Error && error.message ? error.message : translate('saveFailed'),
        })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="planner__save">
      <Button variant="secondary" onClick={() => void save()} disabled={busy}>
        {t('saveRoute')}
      </Button>
      <p className="planner__save-note">{t('saveNote', { n: routeNumber })}</p>
      <p className={message?.ok === false ? 'planner__save-error' : 'planner__save-ok'} role="status">
        {message?.text ?? ''}
        {message?.login ? (
          <>
            {' '}
            <Link to="/login">{t('logIn')}</Link>
          </>
        ) : null}
      </p>
    </div>
  )
}
