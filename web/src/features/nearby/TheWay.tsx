/**
 * 'Show the way': the walking route from her to the place on the map, found by the server as the route planner finds
 * one (POST /api/route/find, on foot). Offline, or when no route is found, a straight dashed line, saying so.
 */

import { useQuery } from '@tanstack/react-query'
import type { NearbyPlace } from '@wings/contract'
import { decodePolyline } from '@wings/geo/polyline'
import { useEffect, useRef } from 'react'
import { ApiError } from '../../api/client.ts'
import { LazyMapView } from '../map/components.ts'
import type { LatLon, MapLine } from '../map/index.ts'
import { findRoutes } from '../planner/index.ts'
import { placeName } from './format.ts'
import { useT } from './messages.ts'

type Way = { kind: 'route'; positions: LatLon[] } | { kind: 'straight'; why: 'offline' | 'failed' }

async function findWay(from: LatLon, to: LatLon, signal: AbortSignal): Promise<Way> {
  try {
    const routes = await findRoutes({ source: from, destination: to, mode: 'foot' }, signal)
    const positions = routes[0] ? decodePolyline(routes[0].geometry) : []
    return positions.length > 1 ? { kind: 'route', positions } : { kind: 'straight', why: 'failed' }
  } catch (error) {
    if (signal.aborted) throw error
    return { kind: 'straight', why: error instanceof ApiError && error.isNetwork ? 'offline' : 'failed' }
  }
}

export function TheWay({ from, place, offline }: { from: LatLon; place: NearbyPlace; offline: boolean }) {
  const t = useT()
  const to: LatLon = [place.lat, place.lon]
  const heading = useRef<HTMLHeadingElement>(null)
  const way = useQuery({
    queryKey: ['nearby-way', from, to],
    queryFn: ({ signal }) => findWay(from, to, signal),
    enabled: !offline,
    retry: false,
    staleTime: 5 * 60_000,
  })
  const name = placeName(place)
  useEffect(() => {
    heading.current?.focus()
    heading.current?.scrollIntoView?.({ block: 'start' })
  }, [])
  const answer: Way | undefined = offline ? { kind: 'straight', why: 'offline' } : way.data
  const line: MapLine | null =
    answer === undefined
      ? null
      : answer.kind === 'route'
        ? { positions: answer.positions, color: '#1565c0', name: t('walkingRoute') }
        : { positions: [from, to], color: '#6a1b9a', name: t('straightLine'), dashArray: '10 8' }
  return (
    <section className="nearby-way" aria-labelledby="nearby-way-title">
      <h2 id="nearby-way-title" className="nearby-way__title" ref={heading} tabIndex={-1}>
        {t('wayTitle', { name })}
      </h2>
      <p className="nearby-way__note" role="status">
        {answer === undefined
          ? t('wayLoading')
          : answer.kind === 'straight'
            ? t(answer.why === 'offline' ? 'wayOffline' : 'wayFailed')
            : null}
      </p>
      <LazyMapView
        label={t('mapLabel', { name })}
        start={from}
        end={to}
        lines={line ? [line] : []}
        center={from}
        zoom={15}
        fit={line ? line.positions : [from, to]}
        className="nearby-way__map"
      />
    </section>
  )
}
