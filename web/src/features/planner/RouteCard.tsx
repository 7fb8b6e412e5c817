import type { TravelMode } from '@wings/contract'
import { decodePolyline } from '@wings/routing/polyline'
import { useMemo } from 'react'
import { Button } from '../../ui/Button.tsx'
import { LazyMapView } from '../map/LazyMapView.tsx'
import { kmText, minutesText } from './format.ts'
import { RateRoute } from './RateRoute.tsx'
import type { ShownRoute } from './state.ts'

/** Spec: the line is blue for the first route, green for the others. */
export const ROUTE_COLORS = { first: '#1565c0', other: '#2e7d32' } as const

export interface RouteCardProps {
  route: ShownRoute
  /** 0-based position in the list. */
  index: number
  mode: TravelMode
  start: [number, number]
  end: [number, number]
  chosen: boolean
  onChoose: () => void
}

function decode(geometry: string): [number, number][] {
  try {
    return decodePolyline(geometry)
  } catch {
    return []
  }
}

/** 'Route {n}': label, distance, duration, the model's score as it is, why, and the route on a map. */
export function RouteCard({ route, index, mode, start, end, chosen, onChoose }: RouteCardProps) {
  const n = index + 1
  const positions = useMemo(() => decode(route.geometry), [route.geometry])
  const color = index === 0 ? ROUTE_COLORS.first : ROUTE_COLORS.other
  const titleId = `route-${n}-title`
  const { safety } = route
  return (
    <article className={`route-card${chosen ? ' route-card--chosen' : ''}`} aria-labelledby={titleId}>
      <header className="route-card__head">
        <h3 id={titleId} className="route-card__title">
          Route {n}
        </h3>
        <span className={`route-card__label route-card__label--${route.label.toLowerCase()}`}>{route.label}</span>
        {chosen ? <span className="route-card__chosen">Your choice</span> : null}
      </header>
      <dl className="route-card__facts">
        <div>
          <dt>Distance</dt>
          <dd>{kmText(route.summary.distance)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{minutesText(route.summary.duration)}</dd>
        </div>
        <div>
          <dt>Safety Score</dt>
          <dd className="route-card__score">{route.safetyScore} / 100</dd>
        </div>
      </dl>
      {safety ? (
        <div className="route-card__why">
          <ul className="route-card__reasons" aria-label={`Why route ${n} scores ${route.safetyScore}`}>
            {safety.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p className="route-card__detail">
            Streets mapped as unlit: {safety.unlitMeters} m · Weakest stretch: {safety.lowestScoreStretch.score} / 100
            over {safety.lowestScoreStretch.meters} m
          </p>
        </div>
      ) : null}
      <LazyMapView
        label={`Map of route ${n}`}
        start={start}
        end={end}
        lines={positions.length > 1 ? [{ positions, color, name: `Route ${n}` }] : []}
        center={start}
        zoom={11}
        fit={positions.length > 1 ? positions : [start, end]}
        heatmapToggle
        tips
        reportHere
        className="route-card__map"
      />
      <Button variant={chosen ? 'primary' : 'secondary'} aria-pressed={chosen} onClick={onChoose}>
        Choose route {n}
      </Button>
      {chosen ? <RateRoute geometry={route.geometry} mode={mode} routeName={`route ${n}`} /> : null}
    </article>
  )
}
