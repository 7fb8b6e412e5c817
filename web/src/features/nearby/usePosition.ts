/**
 * Her position for Nearest help: a fresh fix through the SOS's locate(), or which failure kept it away (denied,
 * timed out, unavailable, no geolocation) so the screen can say what to do.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  hasGeolocation,
  type KnownPosition,
  type LocationProblem,
  locate,
  locationProblemOf,
  rememberPosition,
} from '../sos/index.ts'

export type PositionState =
  | { state: 'locating' }
  | { state: 'found'; position: KnownPosition }
  | { state: 'problem'; problem: LocationProblem }

/** How long to wait for a fix (ms): she is waiting for help, and a failure says what to do. */
const LOCATE_TIMEOUT_MS = 15_000

export function usePosition(): { position: PositionState; retry: () => void } {
  const [position, setPosition] = useState<PositionState>({ state: 'locating' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    // A new attempt (Try again) supersedes the one under way.
    void attempt
    let live = true
    if (!hasGeolocation()) {
      setPosition({ state: 'problem', problem: 'unsupported' })
      return
    }
    setPosition({ state: 'locating' })
    locate(LOCATE_TIMEOUT_MS).then(
      (found) => {
        if (!live) return
        void rememberPosition(found)
        setPosition({ state: 'found', position: found })
      },
      (error: unknown) => {
        if (live) setPosition({ state: 'problem', problem: locationProblemOf(error) })
      },
    )
    return () => {
      live = false
    }
  }, [attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { position, retry }
}
