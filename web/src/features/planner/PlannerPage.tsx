import { Link } from '@tanstack/react-router'
import { TRAVEL_MODES, type TravelMode } from '@wings/contract'
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { db } from '../../db/db.ts'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'
import { useLanguage } from '../../i18n/language.ts'
import { useAfterFirstScreen } from '../../ui/afterFirstScreen.ts'
import { Button } from '../../ui/Button.tsx'
import { coordsText } from '../../ui/format.ts'
import { useAuth } from '../auth/index.ts'
import { rememberPlace } from '../estimator/index.ts'
import { useRegion } from '../map/index.ts'
import { HERE_MARGIN_METERS, PhoneRouteError, TRIP_MARGIN_METERS, usePhonePlanner } from '../offline-planner/index.ts'
import { PlaceSearch } from '../places/components.ts'
import {
  CoverageNote,
  detectPosition,
  LocationError,
  locationErrorMessage,
  PLANNER_SEARCH_DELAY_MS,
} from '../places/index.ts'
import { findRoutes, reverseGeocode, routeFindProblem } from './api.ts'
import { nextAt } from './leaveAt.ts'
import { T, t as translate, useT } from './messages.ts'
import { RouteCard } from './RouteCard.tsx'
import { RoutesMap } from './RoutesMap.tsx'
import { SaveRoute } from './SaveRoute.tsx'
import './planner.css'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import {
  hasDestination,
  hasStart,
  INITIAL_PLANNER,
  loadPlanner,
  type PlannerState,
  type ShownRoute,
  shownFromSaved,
  storePlanner,
} from './state.ts'

const OfflineMaps = lazy(() => import('../map/OfflineMaps.tsx'))

/** Spec: the 'Save This Route' button appears 2 seconds after a successful search. */
export const SAVE_BUTTON_DELAY_MS = 2000

const MODE_KEYS = { car: 'modeCar', bike: 'modeBike', foot: 'modeFoot' } as const satisfies Record<TravelMode, string>

/** An error is kept as it came, and said in her language when shown (it follows a language switch). */
type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; error: unknown }

/** Said (politely) when routes arrive; the results' heading then takes the focus. */
export const routesFoundText = (n: number) => translate('routesFound', { count: n })

/** The spec's Safe Route Planner (/routeplanner). `savedId` reopens one of her saved routes. */
/** The date of the map data a route was planned on ('25 Nov 2026'), in her language. */
export function dataDateText(iso: string, locale: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })
}

export function PlannerPage({ savedId }: { savedId?: string | undefined }) {
  const t = useT()
  const locale = INTL_LOCALE[useLanguage()]
  const { user } = useAuth()
  const [state, setState] = useState<PlannerState | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [saveShown, setSaveShown] = useState(false)
  const [locating, setLocating] = useState(false)
  const [locationProblem, setLocationProblem] = useState<{ text: string; unsupported: boolean } | null>(null)
  // GET ROUTES without both places: said under the first one missing, which takes the focus (docs/feedback.md).
  const [placesProblem, setPlacesProblem] = useState(false)
  const [reopened, setReopened] = useState(false)
  const [selected, setSelected] = useState<number | null>(null)
  const [timeProblem, setTimeProblem] = useState('')
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const moveToResults = useRef(false)
  const locateRun = useRef(0)
  const offlineMapsReady = useAfterFirstScreen()
  const findRun = useRef<AbortController | null>(null)
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const { region, known } = useRegion()
  // The phone plans when offline or when the server is slow; it keeps the areas of her trips and around her.
  const phone = usePhonePlanner(known ? { importedAt: region.importedAt, bbox: region.bbox } : null)
  const [keepNote, setKeepNote] = useState<'queued' | 'space' | null>(null)

  // Restore what she left (or the saved route she opened), then keep every change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: locate only writes through setState
  useEffect(() => {
    let live = true
    void (async () => {
      let next = await loadPlanner().catch(() => INITIAL_PLANNER)
      const saved = savedId ? await db.savedRoutes.get(savedId).catch(() => undefined) : undefined
      if (saved) {
        const { route } = saved
        next = {
          ...next,
          useLocation: false,
          fromName: saved.currentLocationName,
          fromLat: saved.currentLocation[0],
          fromLong: saved.currentLocation[1],
          toName: saved.destinationLocationName,
          toLat: saved.destinationLocation[0],
          toLong: saved.destinationLocation[1],
          mode: route?.mode ?? next.mode,
          routes: route ? [shownFromSaved(route)] : [],
          routesMode: route?.mode ?? null,
          chosen: route ? 0 : null,
          routesAt: null,
          plannedOnPhone: null,
        }
      }
      if (!live) return
      setReopened(Boolean(saved))
      setState(next)
      setSaveShown(next.routes.length > 0)
      // 'Use my current location' is on by default: where she is now, not where she was last time.
      if (next.useLocation) void locate()
    })()
    return () => {
      live = false
    }
  }, [savedId])

  useEffect(() => {
    if (state) void storePlanner(state)
  }, [state])

  // After "GET ROUTES" answers: the results come into view and their heading takes the focus (and is read out).
  useEffect(() => {
    if (!moveToResults.current || !state || state.routes.length === 0) return
    moveToResults.current = false
    const heading = resultsHeading.current
    heading?.focus({ preventScroll: true })
    heading?.scrollIntoView?.({ block: 'start' })
  }, [state])

  useEffect(
    () => () => {
      clearTimeout(saveTimer.current)
      findRun.current?.abort()
      locateRun.current++
    },
    [],
  )

  const update = (change: Partial<PlannerState>) => setState((s) => (s ? { ...s, ...change } : s))

  async function locate() {
    const run = ++locateRun.current
    setLocating(true)
    setLocationProblem(null)
    try {
      const { lat, lon } = await detectPosition()
      if (run !== locateRun.current) return
      update({ fromLat: lat, fromLong: lon, fromName: coordsText(lat, lon) })
      void phone.keepAround([[lat, lon]], HERE_MARGIN_METERS).then((problem) => problem && setKeepNote(problem))
      const address = await reverseGeocode(lat, lon)
      if (run !== locateRun.current || !address) return
      update({ fromName: address })
    } catch (error) {
      if (run !== locateRun.current) return
      update({ useLocation: false })
      setLocationProblem({
        text: error instanceof LocationError ? error.alert : locationErrorMessage(String(error)),
        unsupported: error instanceof LocationError && error.message === 'unsupported',
      })
    } finally {
      if (run === locateRun.current) setLocating(false)
    }
  }

  function onUseLocation(checked: boolean) {
    locateRun.current++
    setLocating(false)
    setLocationProblem(null)
    // Unticking clears the start text and coordinates; ticking finds her again.
    update({ useLocation: checked, fromName: '', fromLat: null, fromLong: null })
    if (checked) void locate()
  }

  async function getRoutes(event: FormEvent) {
    event.preventDefault()
    if (!state) return
    if (!hasStart(state) || !hasDestination(state)) {
      setPlacesProblem(true)
      const missing = hasStart(state) ? 'destination' : 'start'
      ;(event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${missing}"]`)?.focus()
      return
    }
    setPlacesProblem(false)
    const at = state.leaveAt === '' ? new Date() : nextAt(state.leaveAt)
    if (!at) {
      setTimeProblem(translate('timeProblem'))
      document.getElementById('planner-leave-time')?.focus()
      return
    }
    setTimeProblem('')
    findRun.current?.abort()
    const controller = new AbortController()
    findRun.current = controller
    setSelected(null)
    clearTimeout(saveTimer.current)
    setSaveShown(false)
    setReopened(false)
    setStatus({ kind: 'loading' })
    setKeepNote(null)
    update({ routes: [], chosen: null })
    const mode = state.mode
    const body = {
      source: [state.fromLat as number, state.fromLong as number] as [number, number],
      destination: [state.toLat as number, state.toLong as number] as [number, number],
      mode,
      ...(state.leaveAt === '' ? {} : { at: at.toISOString() }),
    }
    const routesAt = at.toISOString()
    // Kept for planning this trip (and its way back) offline, once the server answered it.
    const keepTrip = () =>
      void phone.keepAround([body.source, body.destination], TRIP_MARGIN_METERS).then((p) => p && setKeepNote(p))
    try {
      const { routes, onPhone } = await phone.find(
        body,
        () => findRoutes(body, controller.signal),
        (later) => {
          // The server answered after the phone: its routes replace the phone's (the same, or fresher data).
          if (controller.signal.aborted) return
          update({ routes: later, routesMode: mode, chosen: null, routesAt, plannedOnPhone: null })
          keepTrip()
        },
      )
      if (controller.signal.aborted) return
      moveToResults.current = true
      update({ routes, routesMode: mode, chosen: null, routesAt, plannedOnPhone: onPhone?.dataDate ?? null })
      if (!onPhone) keepTrip()
      setStatus({ kind: 'idle' })
      saveTimer.current = setTimeout(() => setSaveShown(true), SAVE_BUTTON_DELAY_MS)
    } catch (error) {
      if (controller.signal.aborted) return
      setStatus({ kind: 'error', error })
    }
  }

  /** A tap on a route's line: its card is selected and brought into view. */
  function selectFromMap(index: number) {
    setSelected(index)
    document.getElementById(`route-card-${index + 1}`)?.scrollIntoView?.({ block: 'nearest' })
  }

  if (!state) return <p className="planner__loading">{t('loadingPlanner')}</p>

  const routes: ShownRoute[] = state.routes
  const start: [number, number] | null = hasStart(state) ? [state.fromLat as number, state.fromLong as number] : null
  const end: [number, number] | null = hasDestination(state) ? [state.toLat as number, state.toLong as number] : null
  const routesMode = state.routesMode ?? state.mode
  const chosenRoute = routes[state.chosen ?? 0]

  return (
    <div className="planner">
      <form className="form planner__form" onSubmit={getRoutes} noValidate aria-label={t('formLabel')}>
        <PlaceSearch
          label={t('start')}
          name="start"
          delayMs={PLANNER_SEARCH_DELAY_MS}
          value={state.fromName}
          onTextChange={(text) => {
            // Typing in the start box unticks 'Use my current location' and forgets the chosen start.
            locateRun.current++
            setLocating(false)
            update({ fromName: text, fromLat: null, fromLong: null, useLocation: false })
          }}
          onChoose={(place) => {
            update({ fromName: place.display_name, fromLat: place.lat, fromLong: place.lon })
            void rememberPlace(place)
          }}
          hint={t('startHint')}
          error={placesProblem && !start ? t('bothPlaces') : undefined}
        >
          <label className="checkbox planner__use-location">
            <input type="checkbox" checked={state.useLocation} onChange={(e) => onUseLocation(e.target.checked)} />
            <span>{t('useLocation')}</span>
          </label>
          <p className="field__hint planner__locating" role="status">
            {locating ? t('findingLocation') : ''}
          </p>
          {locationProblem ? (
            <p className="planner__problem">
              {locationProblem.text} {t(locationProblem.unsupported ? 'typeStart' : 'locationNext')}
            </p>
          ) : null}
          <CoverageNote point={start} />
        </PlaceSearch>

        {start && end ? (
          <Button
            variant="secondary"
            className="planner__swap"
            onClick={() => {
              // The way back: start and destination change places (with no connection, no search is needed).
              locateRun.current++
              setLocating(false)
              update({
                useLocation: false,
                fromName: state.toName,
                fromLat: state.toLat,
                fromLong: state.toLong,
                toName: state.fromName,
                toLat: state.fromLat,
                toLong: state.fromLong,
              })
            }}
          >
            {t('swapPlaces')}
          </Button>
        ) : null}

        <PlaceSearch
          label={t('destination')}
          name="destination"
          delayMs={PLANNER_SEARCH_DELAY_MS}
          value={state.toName}
          onTextChange={(text) => update({ toName: text, toLat: null, toLong: null })}
          error={placesProblem && start && !end ? t('bothPlaces') : undefined}
          onChoose={(place) => {
            update({ toName: place.display_name, toLat: place.lat, toLong: place.lon })
            void rememberPlace(place)
          }}
        />

        <fieldset className="planner__modes">
          <legend>{t('transportMode')}</legend>
          {TRAVEL_MODES.map((mode) => (
            <label key={mode} className="planner__mode">
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={state.mode === mode}
                onChange={() => update({ mode })}
              />
              <span>{t(MODE_KEYS[mode])}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className="planner__when">
          <legend>{t('when')}</legend>
          <label className="planner__mode">
            <input
              type="radio"
              name="when"
              value="now"
              checked={state.leaveAt === ''}
              onChange={() => {
                setTimeProblem('')
                update({ leaveAt: '' })
              }}
            />
            <span>{t('leavingNow')}</span>
          </label>
          <label className="planner__mode">
            <input
              type="radio"
              name="when"
              value="later"
              checked={state.leaveAt !== ''}
              onChange={() => update({ leaveAt: '22:30' })}
            />
            <span>{t('leavingAtATime')}</span>
          </label>
          {state.leaveAt !== '' ? (
            <div className="field planner__time">
              <label htmlFor="planner-leave-time">{t('leavingAt')}</label>
              <input
                id="planner-leave-time"
                className="input"
                type="time"
                value={state.leaveAt}
                aria-invalid={timeProblem ? true : undefined}
                aria-describedby="planner-leave-hint"
                onChange={(event) => {
                  setTimeProblem('')
                  // An emptied box keeps the choice 'at a time', so it stays on screen with its message.
                  update({ leaveAt: event.target.value === '' ? ' ' : event.target.value })
                }}
              />
              <p id="planner-leave-hint" className="field__hint">
                {t('leaveHint')}
              </p>
              {timeProblem ? <ErrorNote className="planner__problem">{timeProblem}</ErrorNote> : null}
            </div>
          ) : null}
        </fieldset>

        <Button type="submit" disabled={status.kind === 'loading'}>
          {t('getRoutes')}
        </Button>
      </form>

      {saveShown && chosenRoute && start && end ? (
        <SaveRoute
          user={user ?? null}
          from={{ name: state.fromName, point: start }}
          to={{ name: state.toName, point: end }}
          route={chosenRoute}
          routeNumber={(state.chosen ?? 0) + 1}
          mode={routesMode}
        />
      ) : null}

      <section className="planner__results" aria-labelledby="safe-routes-title" aria-busy={status.kind === 'loading'}>
        <h2 id="safe-routes-title" ref={resultsHeading} tabIndex={-1}>
          {t('routes')}
        </h2>
        <p className="visually-hidden" role="status">
          {status.kind === 'idle' && routes.length > 0 && !reopened ? routesFoundText(routes.length) : ''}
        </p>
        {reopened ? <p className="planner__note">{t('savedRouteNote')}</p> : null}
        {status.kind === 'loading' ? (
          <p className="planner__status" role="status">
            {t('loadingRoutes')}
          </p>
        ) : null}
        {status.kind === 'error' ? (
          <ErrorNote className="planner__problem">{routeFindProblem(status.error)}</ErrorNote>
        ) : null}
        {status.kind === 'error' &&
        status.error instanceof PhoneRouteError &&
        (status.error.problem.code === 'outside' || status.error.problem.code === 'none') &&
        start &&
        end &&
        keepNote !== 'queued' ? (
          <Button
            variant="secondary"
            onClick={() => void phone.want([start, end], TRIP_MARGIN_METERS).then(() => setKeepNote('queued'))}
          >
            {t('keepWhenOnline')}
          </Button>
        ) : null}
        {keepNote ? (
          <p className="planner__note" role="status">
            {t(keepNote === 'queued' ? 'keepQueued' : 'keepNoSpace')}
          </p>
        ) : null}
        {status.kind === 'idle' && routes.length > 0 && state.plannedOnPhone ? (
          <p className="planner__note planner__on-phone">
            {t('plannedOnPhone', { date: dataDateText(state.plannedOnPhone, locale) })}
          </p>
        ) : null}
        {status.kind === 'idle' && routes.length === 0 ? <p className="planner__empty">{t('empty')}</p> : null}
        {start && end && routes.length > 0 ? (
          <>
            <RoutesMap routes={routes} start={start} end={end} selected={selected} onSelect={selectFromMap} />
            <ol className="planner__routes">
              {routes.map((route, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a route is its place in the answer (two may share a line)
                <li key={index}>
                  <RouteCard
                    route={route}
                    index={index}
                    first={routes[0]}
                    mode={routesMode}
                    scoredAt={state.routesAt ?? null}
                    chosen={state.chosen === index}
                    onChoose={() => update({ chosen: index })}
                    selected={selected === index}
                    onSelect={() => setSelected(index)}
                  />
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <p className="planner__links">
          <T k="links" components={{ 0: <Link to="/routecalculation" />, 1: <Link to="/routescorer" /> }} />
        </p>
      </section>

      {/* Below the fold: its saved areas and the region are read once the form and routes are on screen. */}
      {offlineMapsReady ? (
        <Suspense fallback={null}>
          <OfflineMaps />
        </Suspense>
      ) : null}
    </div>
  )
}
