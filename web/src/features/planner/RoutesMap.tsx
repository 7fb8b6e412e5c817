/**
 * All the routes found on one map, each in its own colour and line style (solid, dashed, dotted: not colour alone),
 * with a legend. The selected route's line is drawn wider and in front; a tap on a line selects its card.
 */
import { decodePolyline } from '@wings/geo/polyline'
import { useMemo } from 'react'
import { LazyMapView } from '../map/components.ts'
import type { LatLon, MapLine } from '../map/index.ts'
import { t as translate, useT } from './messages.ts'
import type { ShownRoute } from './state.ts'

/** Route n's line: the first blue and solid, the second magenta and dashed, the third green and dotted. */
export const ROUTE_STYLES = [
  { color: '#1565c0', dashArray: undefined, style: 'solid' },
  { color: '#ad1457', dashArray: '14 9', style: 'dashed' },
  { color: '#2e7d32', dashArray: '1 11', style: 'dotted' },
] as const

export const routeStyle = (index: number) => ROUTE_STYLES[index % ROUTE_STYLES.length] as (typeof ROUTE_STYLES)[number]

/** The map's name in English (tests); shown in her language. */
export const ROUTES_MAP_LABEL = translate('mapLabel')

function decode(geometry: string): LatLon[] {
  try {
    return decodePolyline(geometry)
  } catch {
    return []
  }
}

export interface RoutesMapProps {
  routes: ShownRoute[]
  start: LatLon
  end: LatLon
  /** The route shown on the map (its line highlighted), or null. */
  selected: number | null
  onSelect: (index: number) => void
}

export function RoutesMap({ routes, start, end, selected, onSelect }: RoutesMapProps) {
  const t = useT()
  const decoded = useMemo(() => routes.map((r) => decode(r.geometry)), [routes])
  const lines: MapLine[] = decoded.flatMap((positions, index) => {
    if (positions.length < 2) return []
    const { color, dashArray } = routeStyle(index)
    return [
      {
        positions,
        color,
        name: t('routeN', { n: index + 1 }),
        ...(dashArray ? { dashArray } : {}),
        ...(selected === null ? {} : { highlighted: selected === index }),
        onSelect: () => onSelect(index),
      },
    ]
  })
  const fit = decoded.flat()
  return (
    <div className="routes-map">
      <LazyMapView
        label={t('mapLabel')}
        start={start}
        end={end}
        lines={lines}
        center={start}
        zoom={11}
        fit={fit.length > 1 ? fit : [start, end]}
        heatmapToggle
        tips
        reportHere
        className="routes-map__map"
      />
      <ul className="inline-list routes-map__legend" aria-label={t('mapLegend')}>
        {routes.map((_route, index) => {
          const { color, dashArray, style } = routeStyle(index)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a route is its place in the answer (two may share a line)
            <li key={index} className={selected === index ? 'routes-map__key--selected' : undefined}>
              <svg className="routes-map__swatch" width="36" height="10" viewBox="0 0 36 10" aria-hidden="true">
                <line
                  x1="3"
                  y1="5"
                  x2="33"
                  y2="5"
                  stroke={color}
                  strokeWidth="4"
                  strokeLinecap="round"
                  {...(dashArray ? { strokeDasharray: dashArray === '1 11' ? '1 7' : '9 6' } : {})}
                />
              </svg>
              <span>{t('legendItem', { n: index + 1, style })}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
