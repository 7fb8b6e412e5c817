/** 'Report an incident here': a popup at a place chosen on the map, linking to /report?lat=..&lon=.. */
import { Link } from '@tanstack/react-router'
import type * as L from 'leaflet'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Popup, useMap, useMapEvents } from 'react-leaflet'
import type { LatLon } from './geo.ts'
import { useT } from './messages.ts'
import { roundCoordinate } from './reportSearch.ts'

/** The link's English text (shown from the map's messages, in her language). */
export const REPORT_HERE = 'Report an incident here'
/** A touch held this long (ms) without moving opens 'Report an incident here'. */
export const LONG_PRESS_MS = 500
const LONG_PRESS_SLOP_PX = 10

interface ReportPoint {
  id: number
  lat: number
  lon: number
  /** Opened from the keyboard: the link takes the focus. */
  keyboard: boolean
}

function ReportLink({ lat, lon, autoFocus }: { lat: number; lon: number; autoFocus: boolean }) {
  const t = useT()
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (autoFocus) ref.current?.focus()
  }, [autoFocus])
  return (
    <>
      <Link ref={ref} to="/report" search={{ lat, lon }} className="map-report-link">
        {t('reportHere')}
      </Link>
      <span className="map-report-coords">
        {lat.toFixed(4)}, {lon.toFixed(4)}
      </span>
    </>
  )
}

/** A longitude brought back into -180..180 (the map wraps round the world). */
export const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180

/** Click, right-click, a 500 ms touch or Enter (at the centre) opens 'Report an incident here'. */
export function ReportHere() {
  const map = useMap()
  const [point, setPoint] = useState<ReportPoint | null>(null)
  const counter = useRef(0)

  const open = (latlng: L.LatLng, keyboard = false) => {
    counter.current += 1
    setPoint({ id: counter.current, lat: latlng.lat, lon: wrapLon(latlng.lng), keyboard })
  }
  useMapEvents({
    click: (event) => open(event.latlng),
    contextmenu: (event) => open(event.latlng),
  })

  useEffect(() => {
    const el = map.getContainer()
    let timer: ReturnType<typeof setTimeout> | undefined
    let startX = 0
    let startY = 0
    const cancel = () => clearTimeout(timer)
    const onTouchStart = (event: TouchEvent) => {
      cancel()
      const touch = event.touches[0]
      if (event.touches.length !== 1 || !touch) return
      // Holding a marker, a popup or a control is not choosing a place.
      if (
        event.target instanceof Element &&
        event.target.closest('.leaflet-marker-icon, .leaflet-popup, .leaflet-control')
      )
        return
      startX = touch.clientX
      startY = touch.clientY
      timer = setTimeout(() => {
        counter.current += 1
        const latlng = map.mouseEventToLatLng(touch as unknown as MouseEvent)
        setPoint({ id: counter.current, lat: latlng.lat, lon: wrapLon(latlng.lng), keyboard: false })
      }, LONG_PRESS_MS)
    }
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0]
      if (!touch || Math.hypot(touch.clientX - startX, touch.clientY - startY) > LONG_PRESS_SLOP_PX) cancel()
    }
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== el) return
      event.preventDefault()
      counter.current += 1
      const centre = map.getCenter()
      setPoint({ id: counter.current, lat: centre.lat, lon: wrapLon(centre.lng), keyboard: true })
    }
    el.addEventListener('touchstart', onTouchStart, { passive: true })
    el.addEventListener('touchmove', onTouchMove, { passive: true })
    el.addEventListener('touchend', cancel)
    el.addEventListener('touchcancel', cancel)
    el.addEventListener('keydown', onKeyDown)
    return () => {
      cancel()
      el.removeEventListener('touchstart', onTouchStart)
      el.removeEventListener('touchmove', onTouchMove)
      el.removeEventListener('touchend', cancel)
      el.removeEventListener('touchcancel', cancel)
      el.removeEventListener('keydown', onKeyDown)
    }
  }, [map])

  const position = useMemo<LatLon | null>(() => (point ? [point.lat, point.lon] : null), [point])
  if (!point || !position) return null
  const id = point.id
  return (
    <Popup
      key={id}
      position={position}
      className="map-report-popup"
      eventHandlers={{ remove: () => setPoint((current) => (current?.id === id ? null : current)) }}
    >
      <ReportLink lat={roundCoordinate(point.lat)} lon={roundCoordinate(point.lon)} autoFocus={point.keyboard} />
    </Popup>
  )
}
