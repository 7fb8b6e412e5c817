/**
 * The app's map (Leaflet through react-leaflet). Load it lazily (React.lazy): Leaflet must stay out of the entry.
 *
 * Tiles come through the tile cache (CachedTileLayer). Classes tests can look for: the map container is
 * `.map-view__map` (role region, named by `label`); tiles `.map-tiles img.leaflet-tile` carry data-source 'cache' or
 * 'network'; markers `.map-marker--start` / `.map-marker--end`; route lines `path.map-line` (stroke = colour); the
 * heatmap's svg `.incident-heatmap` with circles `path.incident-heatmap__cell`; tips `.map-tip`; the report link
 * `.map-report-link`.
 */
import 'leaflet/dist/leaflet.css'
import './map.css'
import { Link } from '@tanstack/react-router'
import {
  BBOX_MAX_KM2,
  type HeatmapResponse,
  MAX_TILE_ZOOM,
  OSM_ATTRIBUTION,
  type Tip,
  type TipsResponse,
} from '@wings/contract'
import * as L from 'leaflet'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { MapContainer, Marker, Polyline, Popup, Tooltip, useMap, useMapEvents } from 'react-leaflet'
import { apiFetch } from '../../api/client.ts'
import { CachedTileLayer } from './CachedTileLayer.ts'
import { type Bbox, bboxCenter, bboxParam, boundsOf, clampBboxArea, metersPerPixel, normalizeBbox } from './geo.ts'
import { roundCoordinate } from './reportSearch.ts'
import { useRegion } from './useRegion.ts'

export type LatLon = [number, number]
export interface MapLine {
  positions: LatLon[]
  color: string
  name: string
}
export interface MapViewProps {
  /** Accessible name of the map (the container gets role="region" and aria-label). */
  label: string
  /** Markers titled 'Start Point' and 'End Point' (title and a tooltip with that text). */
  start?: LatLon
  end?: LatLon
  /** Route lines, drawn as SVG paths with stroke = color. */
  lines?: MapLine[]
  /** Initial view (spec: zoom 11 on the route start); default: the region's centre at zoom 12. */
  center?: LatLon
  zoom?: number
  /** After mount, fit the view to these points (with padding). */
  fit?: LatLon[]
  /** Show a checkbox 'Show reported incidents' under the map that toggles the heatmap layer. */
  heatmapToggle?: boolean
  /** Show community tips (from /api/tips) within the lines' bounds as small markers with the tip text in a popup. */
  tips?: boolean
  /** A click or long-press (500 ms touch) on the map opens a popup with a link 'Report an incident here' to /report?lat=..&lon=.. (4 decimals). */
  reportHere?: boolean
  /** Called with the visible bbox [minLon,minLat,maxLon,maxLat] and zoom after each move. */
  onViewChange?: (view: { bbox: [number, number, number, number]; zoom: number }) => void
  className?: string
}

export const HEATMAP_LABEL = 'Show reported incidents'
export const HEATMAP_OFFLINE = 'Reported incidents need a connection.'
export const HEATMAP_NONE = 'No incidents reported in this part of the map in the last year.'
export const REPORT_HERE = 'Report an incident here'
/** A touch held this long (ms) without moving opens 'Report an incident here'. */
export const LONG_PRESS_MS = 500
const LONG_PRESS_SLOP_PX = 10
/** Pause after the map stops moving before the heatmap asks for the new view (ms). */
const HEATMAP_DEBOUNCE_MS = 400
/** Most heatmap cells drawn (the heaviest), so a busy city stays quick to draw. */
const HEATMAP_MAX_CELLS = 3000
const MAX_TIPS = 60
/** Tips listed in one place's popup (the newest). */
const TIPS_PER_PLACE = 5
/** The view when no region is known yet and no centre was given. */
const WORLD: { center: LatLon; zoom: number } = { center: [20, 0], zoom: 2 }

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** Leaflet shows attributions as HTML: the region's text escaped, the OSM credit linked to its copyright page. */
function attributionHtml(text: string): string {
  const safe = escapeHtml(text)
  return text === OSM_ATTRIBUTION
    ? `<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">${safe}</a>`
    : safe
}

function viewBbox(map: L.Map): Bbox {
  const b = map.getBounds()
  return normalizeBbox([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()])
}

/** Names the container, keeps the attribution free of Leaflet's prefix, follows size changes, reports views. */
function MapSetup({
  label,
  describedBy,
  onViewChange,
}: {
  label: string
  describedBy: string
  onViewChange?: MapViewProps['onViewChange']
}) {
  const map = useMap()
  const report = useRef(onViewChange)
  report.current = onViewChange

  useEffect(() => {
    const el = map.getContainer()
    el.setAttribute('role', 'region')
    el.setAttribute('aria-label', label)
    el.setAttribute('aria-describedby', describedBy)
  }, [map, label, describedBy])

  useEffect(() => {
    map.attributionControl?.setPrefix(false)
    const el = map.getContainer()
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null
    observer?.observe(el)
    const moved = () => report.current?.({ bbox: viewBbox(map), zoom: map.getZoom() })
    map.on('moveend', moved)
    moved()
    // Escape inside the map closes its open popup (and is not also the app's Quick exit). Leaflet does this only
    // while the container itself has the focus, not a marker or a link in the popup.
    let openPopups = 0
    const opened = () => {
      openPopups += 1
    }
    const closed = () => {
      openPopups = Math.max(0, openPopups - 1)
    }
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openPopups === 0) return
      event.preventDefault()
      const inPopup = event.target instanceof Element && event.target.closest('.leaflet-popup') !== null
      map.closePopup()
      if (inPopup) el.focus()
    }
    map.on('popupopen', opened)
    map.on('popupclose', closed)
    el.addEventListener('keydown', onKeyDown)
    return () => {
      observer?.disconnect()
      map.off('moveend', moved)
      map.off('popupopen', opened)
      map.off('popupclose', closed)
      el.removeEventListener('keydown', onKeyDown)
    }
  }, [map])
  return null
}

function CachedTiles({ template, version, attribution }: { template: string; version: string; attribution: string }) {
  const map = useMap()
  useEffect(() => {
    const layer = new CachedTileLayer(template, {
      version,
      attribution: attributionHtml(attribution),
      maxZoom: MAX_TILE_ZOOM,
      maxNativeZoom: MAX_TILE_ZOOM,
      className: 'map-tiles',
    })
    layer.addTo(map)
    return () => {
      layer.remove()
    }
  }, [map, template, version, attribution])
  return null
}

function FitTo({ points }: { points: LatLon[] }) {
  const map = useMap()
  const key = points.map((p) => p.join(',')).join(';')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the points' text is the key; a new array of the same points must not refit.
  useEffect(() => {
    if (points.length === 0) return
    // More room at the top: the markers' labels sit above them.
    map.fitBounds(L.latLngBounds(points), {
      paddingTopLeft: [28, 44],
      paddingBottomRight: [28, 24],
      maxZoom: 17,
      animate: false,
    })
  }, [map, key])
  return null
}

/** A keyboard-focusable marker named `label` (aria-label and title), drawn with a divIcon (no image files). */
function LabelledMarker({
  position,
  icon,
  label,
  children,
}: {
  position: LatLon
  icon: L.DivIcon
  label: string
  children?: ReactNode
}) {
  const ref = useRef<L.Marker>(null)
  useEffect(() => {
    const el = ref.current?.getElement()
    if (!el) return
    el.setAttribute('aria-label', label)
    // Leaflet gives the name to the tooltip as well; the name alone is enough.
    el.removeAttribute('aria-describedby')
  })
  return (
    <Marker ref={ref} position={position} icon={icon} title={label} alt={label} keyboard riseOnHover>
      {children}
    </Marker>
  )
}

const pointIcon = (kind: 'start' | 'end') =>
  L.divIcon({
    className: `map-marker map-marker--${kind}`,
    html: '',
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  })

const TIP_ICON_HTML =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>'

function PointMarker({ position, kind }: { position: LatLon; kind: 'start' | 'end' }) {
  const label = kind === 'start' ? 'Start Point' : 'End Point'
  const icon = useMemo(() => pointIcon(kind), [kind])
  return (
    <LabelledMarker position={position} icon={icon} label={label}>
      <Tooltip permanent direction="top" offset={[0, -12]} className="map-marker__label">
        {label}
      </Tooltip>
    </LabelledMarker>
  )
}

/** Warm colours: orange for a few reports, deep red for the most in view. */
function heatColor(t: number): string {
  const from = [251, 140, 0]
  const to = [183, 28, 28]
  const mix = from.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * t))
  return `rgb(${mix.join(' ')})`
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** Reported incidents in the view as translucent circles, asked again (debounced) after every move. */
function IncidentHeatmap({ onStatus }: { onStatus: (text: string) => void }) {
  const map = useMap()
  useEffect(() => {
    const paneName = 'incidentHeatmap'
    if (!map.getPane(paneName)) map.createPane(paneName)
    const renderer = L.svg({ pane: paneName, padding: 0.3 })
    map.addLayer(renderer)
    map.getPane(paneName)?.querySelector('svg')?.classList.add('incident-heatmap')
    const group = L.layerGroup().addTo(map)
    let cells: HeatmapResponse['cells'] = []
    let cellMeters = 50
    let controller: AbortController | null = null
    let timer: ReturnType<typeof setTimeout> | undefined

    const draw = () => {
      group.clearLayers()
      const zoom = map.getZoom()
      const heaviest = cells.reduce((max, c) => Math.max(max, c.weight), 0)
      for (const cell of cells) {
        const t = heaviest > 0 ? cell.weight / heaviest : 0
        const radius = Math.max(6, (cellMeters / metersPerPixel(cell.lat, zoom)) * 0.8)
        L.circleMarker([cell.lat, cell.lon], {
          renderer,
          radius,
          stroke: false,
          fillColor: heatColor(t),
          fillOpacity: 0.25 + 0.45 * Math.sqrt(t),
          interactive: false,
          className: 'incident-heatmap__cell',
        }).addTo(group)
      }
    }

    const load = async () => {
      controller?.abort()
      controller = null
      if (!online()) {
        onStatus(HEATMAP_OFFLINE)
        return
      }
      const bbox = clampBboxArea(viewBbox(map), BBOX_MAX_KM2)
      if (!(bbox[0] < bbox[2] && bbox[1] < bbox[3])) return
      const mine = new AbortController()
      controller = mine
      try {
        const answer = await apiFetch<HeatmapResponse>(`/incidents/heatmap?bbox=${bboxParam(bbox)}`, {
          signal: mine.signal,
        })
        if (mine.signal.aborted) return
        cells = [...answer.cells].sort((a, b) => b.weight - a.weight).slice(0, HEATMAP_MAX_CELLS)
        cellMeters = answer.cellMeters
        draw()
        onStatus(cells.length === 0 ? HEATMAP_NONE : '')
      } catch {
        if (!mine.signal.aborted) onStatus(HEATMAP_OFFLINE)
      }
    }
    const later = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void load(), HEATMAP_DEBOUNCE_MS)
    }

    void load()
    map.on('moveend', later)
    map.on('zoomend', draw)
    window.addEventListener('online', later)
    window.addEventListener('offline', later)
    return () => {
      clearTimeout(timer)
      controller?.abort()
      map.off('moveend', later)
      map.off('zoomend', draw)
      window.removeEventListener('online', later)
      window.removeEventListener('offline', later)
      group.remove()
      renderer.remove()
      onStatus('')
    }
  }, [map, onStatus])
  return null
}

const tipIcon = () =>
  L.divIcon({
    className: 'map-tip',
    html: TIP_ICON_HTML,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    popupAnchor: [0, -10],
  })

function tipDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
}

/** Tips at one place (tips apply at the middle of the rated route, so one route's tips share a place). */
interface TipGroup {
  key: string
  position: LatLon
  tips: Tip[]
}

function groupTips(tips: readonly Tip[]): TipGroup[] {
  const groups = new Map<string, TipGroup>()
  for (const tip of tips) {
    const key = `${tip.lat.toFixed(5)},${tip.lon.toFixed(5)}`
    const group = groups.get(key)
    if (group) group.tips.push(tip)
    else groups.set(key, { key, position: [tip.lat, tip.lon], tips: [tip] })
  }
  for (const group of groups.values()) group.tips.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return [...groups.values()]
}

const tipsLabel = (tips: readonly Tip[]) =>
  tips.length === 1 ? `Community tip, rated ${tips[0]?.rating} of 5` : `${tips.length} community tips`

/** Community tips near the route lines: small markers; the tips' text in a popup (Enter opens it). */
function CommunityTips({ lines }: { lines: MapLine[] }) {
  const [groups, setGroups] = useState<TipGroup[]>([])
  const icon = useMemo(tipIcon, [])
  const bounds = boundsOf(
    lines.flatMap((line) => line.positions),
    0.002,
  )
  const param = bounds ? bboxParam(clampBboxArea(bounds, BBOX_MAX_KM2)) : ''
  useEffect(() => {
    if (!param || !online()) return
    const controller = new AbortController()
    apiFetch<TipsResponse>(`/tips?bbox=${param}`, { signal: controller.signal }).then(
      (answer) => setGroups(groupTips(answer.tips.filter((tip) => tip.text.trim()).slice(0, MAX_TIPS))),
      () => undefined,
    )
    return () => controller.abort()
  }, [param])
  return (
    <>
      {groups.map((group) => (
        <LabelledMarker key={group.key} position={group.position} icon={icon} label={tipsLabel(group.tips)}>
          <Popup className="map-tip__popup">
            <ul className="map-tip__list">
              {group.tips.slice(0, TIPS_PER_PLACE).map((tip) => (
                <li key={`${tip.createdAt}|${tip.rating}|${tip.text}`}>
                  <p className="map-tip__text">{tip.text}</p>
                  <p className="map-tip__meta">
                    Rated {tip.rating} of 5{tipDate(tip.createdAt) ? ` · ${tipDate(tip.createdAt)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
            {group.tips.length > TIPS_PER_PLACE ? (
              <p className="map-tip__meta">and {group.tips.length - TIPS_PER_PLACE} more</p>
            ) : null}
          </Popup>
        </LabelledMarker>
      ))}
    </>
  )
}

interface ReportPoint {
  id: number
  lat: number
  lon: number
  /** Opened from the keyboard: the link takes the focus. */
  keyboard: boolean
}

function ReportLink({ lat, lon, autoFocus }: { lat: number; lon: number; autoFocus: boolean }) {
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (autoFocus) ref.current?.focus()
  }, [autoFocus])
  return (
    <>
      <Link ref={ref} to="/report" search={{ lat, lon }} className="map-report-link">
        {REPORT_HERE}
      </Link>
      <span className="map-report-coords">
        {lat.toFixed(4)}, {lon.toFixed(4)}
      </span>
    </>
  )
}

const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180

/** Click, right-click, a 500 ms touch or Enter (at the centre) opens 'Report an incident here'. */
function ReportHere() {
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

/** The map: tiles (cached), route lines, start and end markers, and optionally incidents, tips and reporting. */
export default function MapView({
  label,
  start,
  end,
  lines = [],
  center,
  zoom,
  fit,
  heatmapToggle = false,
  tips = false,
  reportHere = false,
  onViewChange,
  className,
}: MapViewProps) {
  const { region, known, ready, version } = useRegion()
  const [showHeat, setShowHeat] = useState(false)
  const [heatStatus, setHeatStatus] = useState('')
  const id = useId()
  const helpId = `${id}-help`
  const heatId = `${id}-heat`
  const classes = ['map-view', className ?? ''].filter(Boolean).join(' ')

  if (!ready) {
    return (
      <div className={classes}>
        <div className="map-view__map map-view__placeholder">Loading map...</div>
      </div>
    )
  }

  const view = center
    ? { center, zoom: zoom ?? 12 }
    : known
      ? { center: bboxCenter(region.bbox), zoom: zoom ?? 12 }
      : { center: WORLD.center, zoom: zoom ?? WORLD.zoom }

  return (
    <div className={classes}>
      <p id={helpId} className="visually-hidden">
        Use the arrow keys to move the map and the plus and minus keys to zoom.
        {reportHere ? ' Press Enter to report an incident at the centre of the map.' : ''}
      </p>
      <MapContainer
        className="map-view__map"
        center={view.center}
        zoom={view.zoom}
        maxZoom={MAX_TILE_ZOOM}
        minZoom={2}
        scrollWheelZoom={false}
        worldCopyJump
      >
        <MapSetup label={label} describedBy={helpId} onViewChange={onViewChange} />
        <CachedTiles template={region.tileUrl} version={version} attribution={region.attribution} />
        {lines.map((line) => (
          <Polyline
            key={`${line.name}|${line.color}|${line.positions.length}`}
            positions={line.positions}
            className="map-line"
            pathOptions={{ color: line.color, weight: 5, opacity: 0.9 }}
          >
            <Tooltip sticky>{line.name}</Tooltip>
          </Polyline>
        ))}
        {start ? <PointMarker position={start} kind="start" /> : null}
        {end ? <PointMarker position={end} kind="end" /> : null}
        {fit && fit.length > 0 ? <FitTo points={fit} /> : null}
        {heatmapToggle && showHeat ? <IncidentHeatmap onStatus={setHeatStatus} /> : null}
        {tips && lines.length > 0 ? <CommunityTips lines={lines} /> : null}
        {reportHere ? <ReportHere /> : null}
      </MapContainer>
      {heatmapToggle ? (
        <div className="map-view__heat">
          <label className="checkbox" htmlFor={heatId}>
            <input
              id={heatId}
              type="checkbox"
              checked={showHeat}
              onChange={(event) => setShowHeat(event.target.checked)}
            />
            {HEATMAP_LABEL}
          </label>
          {showHeat && !heatStatus ? (
            <p className="map-view__note">Circles mark reported incidents: the deeper the colour, the more reports.</p>
          ) : null}
          <p className="map-view__note" role="status">
            {heatStatus}
          </p>
        </div>
      ) : null}
    </div>
  )
}
