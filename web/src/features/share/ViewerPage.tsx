/**
 * The public page of a live location share (/s/:token): no account. Asks the server every 10 s (and when the tab
 * comes back into view) and shows the last position on a map, how old it is, and the check-in.
 */
import './share.css'
import { EMERGENCY_NUMBER, isCheckInMissed, type ShareView } from '@wings/contract'
import { useEffect, useState } from 'react'
import { ApiError, callApi } from '../../api/client.ts'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'
import { useLanguage } from '../../i18n/language.ts'
import { LazyMapView } from '../map/components.ts'
import { mapsLink } from '../sos/index.ts'
import { agoText, clockText } from './format.ts'
import { t as translate, useT } from './messages.ts'

export const VIEWER_POLL_MS = 10_000
/** The 'N minutes ago' and the missed check-in are worked out again this often between answers. */
export const VIEWER_CLOCK_MS = 30_000

/** In the viewer's language at the moment each is read. */
export const ViewerText = {
  get gone() {
    return translate('viewerGone')
  },
  get missing() {
    return translate('viewerMissing')
  },
  get offline() {
    return translate('viewerOffline')
  },
  get waiting() {
    return translate('viewerWaiting')
  },
  get loading() {
    return translate('viewerLoading')
  },
}

export interface ViewerState {
  view: ShareView | null
  /** The share is over or never was (the words to show); no more asking. */
  final: string | null
  /** The last request failed (no connection, server trouble): `view` is the last one received. */
  offline: boolean
}

/** Asks GET /api/share/:token now, every VIEWER_POLL_MS while the tab is in view, and when it comes back into view. */
export function useShareView(token: string): ViewerState {
  const [state, setState] = useState<ViewerState>({ view: null, final: null, offline: false })

  useEffect(() => {
    let over = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let controller: AbortController | undefined

    const poll = async () => {
      clearTimeout(timer)
      if (over) return
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(poll, VIEWER_POLL_MS)
        return
      }
      controller?.abort()
      const mine = new AbortController()
      controller = mine
      try {
        const view = await callApi('shareView', { params: { token }, signal: mine.signal })
        if (mine.signal.aborted) return
        setState({ view, final: null, offline: false })
      } catch (error) {
        if (mine.signal.aborted) return
        const final = finalText(error)
        if (final) {
          over = true
          setState({ view: null, final, offline: false })
          return
        }
        setState((s) => ({ ...s, offline: true }))
      }
      if (!over) timer = setTimeout(poll, VIEWER_POLL_MS)
    }

    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll()
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('online', onVisible)
    void poll()
    return () => {
      over = true
      clearTimeout(timer)
      controller?.abort()
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('online', onVisible)
    }
  }, [token])

  return state
}

/** The words for an answer that ends the page (410, 404, a malformed link), or null for a passing failure. */
function finalText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.status === 410) return ViewerText.gone
  if (error.status === 404) return ViewerText.missing
  if (error.status === 400) return translate('viewerInvalid')
  return null
}

/** The browser's clock, every VIEWER_CLOCK_MS and exactly at `wakeAt` (a deadline) if given. */
function useNow(wakeAt?: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), VIEWER_CLOCK_MS)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    if (wakeAt === undefined || !Number.isFinite(wakeAt)) return
    const wait = wakeAt - Date.now()
    if (wait < 0) return
    const timer = setTimeout(() => setNow(Date.now()), wait + 50)
    return () => clearTimeout(timer)
  }, [wakeAt])
  return now
}

/** '120 m', '1.5 km', with the viewer's own number format (Latin digits). */
function metresText(m: number, locale: string): string {
  if (m >= 1000) {
    const n = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(m / 1000)
    return translate('km', { n })
  }
  return translate('metres', { n: new Intl.NumberFormat(locale).format(Math.round(m)) })
}

export function ViewerPage({ token }: { token: string }) {
  const t = useT()
  const locale = INTL_LOCALE[useLanguage()]
  const { view, final, offline } = useShareView(token)
  const checkIn = view?.checkIn
  const now = useNow(checkIn ? Date.parse(checkIn.deadline) : undefined)

  if (final) {
    return (
      <div className="viewer">
        <p className="viewer__final" role="status">
          {final}
        </p>
      </div>
    )
  }

  const missed = !!checkIn && (checkIn.missed || isCheckInMissed(checkIn.deadline, checkIn.safeAt, new Date(now)))
  const hasPosition = view?.lat !== undefined && view.lon !== undefined && !!view.updatedAt
  const position: [number, number] | null = hasPosition ? [view.lat as number, view.lon as number] : null

  return (
    <div className="viewer">
      <p className="viewer__intro">{t('viewerIntro')}</p>
      {checkIn && missed ? (
        <div className="viewer__missed" role="alert">
          <p className="viewer__missed-title">{t('viewerMissed', { time: clockText(checkIn.deadline) })}</p>
          {checkIn.destination ? <p>{t('destination', { destination: checkIn.destination })}</p> : null}
          <p>{t('viewerMissedHelp', { number: EMERGENCY_NUMBER })}</p>
        </div>
      ) : null}
      <div role="status" className="viewer__status">
        {offline ? <p className="viewer__offline">{ViewerText.offline}</p> : null}
        {checkIn?.safeAt ? (
          <p className="viewer__safe">
            {t(checkIn.arrived ? 'viewerArrived' : 'viewerSafe', { time: clockText(checkIn.safeAt) })}
          </p>
        ) : null}
      </div>
      {checkIn && !missed && !checkIn.safeAt ? (
        <p className="viewer__due">
          {checkIn.destination
            ? t('viewerDueAt', { time: clockText(checkIn.deadline), destination: checkIn.destination })
            : t('viewerDue', { time: clockText(checkIn.deadline) })}
        </p>
      ) : null}
      {!view ? (
        <p className="viewer__waiting">{offline ? '' : ViewerText.loading}</p>
      ) : position && view.updatedAt ? (
        <>
          <LazyMapView label={t('mapLabel')} start={position} center={position} zoom={16} fit={[position]} />
          <p className="viewer__updated">
            {t('updated', { time: clockText(view.updatedAt), ago: agoText(Date.parse(view.updatedAt), now, locale) })}
          </p>
          <p className="viewer__coords">
            {t('position', { lat: position[0].toFixed(5), lon: position[1].toFixed(5) })}{' '}
            <a href={mapsLink(position[0], position[1])} target="_blank" rel="noopener noreferrer">
              {t('openMaps')}
            </a>
          </p>
          {view.accuracy !== undefined ? (
            <p className="viewer__accuracy">{t('accuracy', { distance: metresText(view.accuracy, locale) })}</p>
          ) : null}
        </>
      ) : (
        <p className="viewer__waiting">{ViewerText.waiting}</p>
      )}
      {view ? <p className="viewer__until">{t('sharingUntil', { time: clockText(view.expiresAt) })}</p> : null}
    </div>
  )
}
