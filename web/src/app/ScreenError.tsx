import type { ErrorComponentProps } from '@tanstack/react-router'
import { EMERGENCY_NUMBER } from '@wings/contract'
import { Page } from '../ui/Page.tsx'
import { useT } from './messages.ts'

/** How each browser says a screen's script (a lazy chunk) did not arrive. */
const CHUNK_FAILED =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i

/** Its texts in English (the screen shows them in her language). */
export const ScreenErrorText = {
  title: 'This screen could not be loaded',
  chunk:
    'Part of Wings did not arrive, most likely because the connection dropped. Try again, or when you are back online.',
  other: 'Something went wrong while showing this screen. Try again.',
  sos: 'Emergency SOS at the top still works, and you can call 112 from here.',
  offline: 'This screen needs a connection to load, and there is none. Try again when you are back online.',
} as const

/**
 * The server could not be reached for what the screen shows (a call's ApiError with no answer), seen by its shape so
 * that the first scripts do not carry the API client for this.
 */
const unreachable = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'ApiError' && (error as { status?: unknown }).status === 0

let reload = () => window.location.reload()

/** For tests: replaces how the page is loaded again. */
export function setScreenReloader(fn: () => void): void {
  reload = fn
}

/**
 * Any screen that fails to draw (the router's error component): says what happened, and keeps Call 112 on the
 * screen; the frame, with its Emergency SOS, stays around it. "Try again" loads the page anew, because a browser
 * keeps a failed script import failed until then; "Go to the home page" leaves for the home page.
 */
export function ScreenError({ error }: ErrorComponentProps) {
  const t = useT()
  const chunk = CHUNK_FAILED.test(error instanceof Error ? error.message : String(error))
  const what = chunk ? t('screenErrorChunk') : unreachable(error) ? t('screenErrorOffline') : t('screenErrorOther')
  return (
    <Page title={t('screenErrorTitle')}>
      <p role="alert">
        {what} {t('screenErrorSos')}
      </p>
      <p>
        <a className="btn btn--danger" href={`tel:${EMERGENCY_NUMBER}`}>
          {t('call', { number: EMERGENCY_NUMBER })}
        </a>
      </p>
      <p>
        <button type="button" className="btn btn--secondary" onClick={() => reload()}>
          {t('tryAgain')}
        </button>{' '}
        {/* A page load, not a route change: it starts the app afresh, as Try again does. */}
        <a className="btn btn--secondary" href="/">
          {t('goHome')}
        </a>
      </p>
    </Page>
  )
}
