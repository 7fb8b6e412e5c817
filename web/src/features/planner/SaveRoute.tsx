import { Link } from '@tanstack/react-router'
import { SavedRouteMessages, type TravelMode, type User } from '@wings/contract'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { saveRoute } from '../saved-routes/index.ts'
import type { ShownRoute } from './state.ts'

/** Spec: a save shows its success or error message for 4 seconds. */
export const SAVE_MESSAGE_MS = 4000
export const SAVE_FAILED = 'The route could not be saved on this phone. Please try again.'

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
      show({ ok: false, text: 'Log in to save routes.', login: true })
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
          ? { ok: true, text: SavedRouteMessages.saved }
          : { ok: false, text: SavedRouteMessages.duplicate },
      )
    } catch (error) {
      show({ ok: false, text: error instanceof Error && error.message ? error.message : SAVE_FAILED })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="planner__save">
      <Button variant="secondary" onClick={() => void save()} disabled={busy}>
        Save This Route
      </Button>
      <p className="planner__save-note">Saves route {routeNumber} to your saved routes, on this phone too.</p>
      <p className={message?.ok === false ? 'planner__save-error' : 'planner__save-ok'} role="status">
        {message?.text ?? ''}
        {message?.login ? (
          <>
            {' '}
            <Link to="/login">Log in</Link>
          </>
        ) : null}
      </p>
    </div>
  )
}
