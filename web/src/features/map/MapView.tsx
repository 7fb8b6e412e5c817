/**
 * The app's map (Leaflet through react-leaflet). Load it lazily (React.lazy): Leaflet must stay out of the entry.
 *
 * Tiles come through the tile cache: the server's vector tiles drawn on canvases (VectorTileLayer), or a raster
 * basemap (CachedTileLayer). Classes tests can look for: the map container is `.map-view__map` (role region, named by
 * `label`); tiles `.map-tiles .leaflet-tile` (canvas, or img for a raster basemap) carry data-source 'cache' or
 * 'network'; the region's outline `path.coverage-outline` and its legend `.coverage-legend`; markers
 * `.map-marker--start` / `.map-marker--end`; route lines `path.map-line` (stroke = colour); the heatmap's svg
 * `.incident-heatmap` with circles `path.incident-heatmap__cell`; tips `.map-tip`; the report link `.map-report-link`.
 *
 * The layers live beside it (markers.tsx, CoverageOutline.tsx, IncidentHeatmap.tsx, CommunityTips.tsx,
 * ReportHere.tsx) and are imported only from here, so they load with it, in its chunk.
 */
import 'leaflet/dist/leaflet.css'
import './map.css'
import { MAX_TILE_ZOOM, OSM_ATTRIBUTION } from '@wings/contract'
import * as L from 'leaflet'
import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { MapContainer, Polyline, useMap } from 'react-leaflet'
import { useLanguage } from '../../i18n/language.ts'
import { NextTask } from '../../ui/useNextTask.ts'
import { CachedTileLayer } from './CachedTileLayer.ts'
import { CommunityTips } from './CommunityTips.tsx'
import { CoverageOutline } from './CoverageOutline.tsx'
import { bboxCenter, type LatLon } from './geo.ts'
import { type HeatmapStatus, IncidentHeatmap } from './IncidentHeatmap.tsx'
import { MapLoading, MapPlaceholder, mapViewClasses } from './MapPlaceholder.tsx'
import { PointMarker } from './markers.tsx'
import { t as translate, useT } from './messages.ts'
import { NamedTooltip } from './NamedTooltip.tsx'
import { ReportHere } from './ReportHere.tsx'
import { useRegion } from './useRegion.ts'
import { createVectorTileLayer } from './VectorTileLayer.ts'
import { isVectorTemplate } from './vectorTemplate.ts'
import { viewBbox } from './view.ts'

export type { LatLon } from './geo.ts'
export { HEATMAP_LABEL, HEATMAP_NONE, HEATMAP_OFFLINE } from './IncidentHeatmap.tsx'
export { LONG_PRESS_MS, REPORT_HERE } from './ReportHere.tsx'

export interface MapLine {
  positions: LatLon[]
  color: string
  name: string
  /** SVG stroke-dasharray (e.g. '12 8' dashed, '1 9' dotted), so lines differ by more than colour. */
  dashArray?: string
  /** Drawn wider, opaque and in front of the others. */
  highlighted?: boolean
  /** A tap or click on the line. */
  onSelect?: () => void
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
  /** Set by LazyMapView when its placeholder had the keyboard focus: the drawn map takes it, if nothing else has. */
  focusWhenDrawn?: RefObject<boolean>
}

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

/** Names the container, keeps the attribution free of Leaflet's prefix, follows size changes, reports views. */
function MapSetup({
  label,
  describedBy,
  onViewChange,
  focusWhenDrawn,
}: {
  label: string
  describedBy: string
  onViewChange?: MapViewProps['onViewChange']
  focusWhenDrawn?: MapViewProps['focusWhenDrawn']
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
    const active = document.activeElement
    if (focusWhenDrawn?.current && (active === null || active === document.body)) map.getContainer().focus()
  }, [map, focusWhenDrawn])

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
    // Leaflet names a popup's close button in English: her language's words instead, as it opens.
    const named = (event: L.PopupEvent) => {
      event.popup
        .getElement()
        ?.querySelector('.leaflet-popup-close-button')
        ?.setAttribute('aria-label', translate('closePopup'))
    }
    map.on('popupopen', opened)
    map.on('popupopen', named)
    map.on('popupclose', closed)
    el.addEventListener('keydown', onKeyDown)
    return () => {
      observer?.disconnect()
      map.off('moveend', moved)
      map.off('popupopen', opened)
      map.off('popupopen', named)
      map.off('popupclose', closed)
      el.removeEventListener('keydown', onKeyDown)
    }
  }, [map])
  return null
}

/** Leaflet's zoom buttons (+ and -), named in her language (the map is made without Leaflet's English ones). */
function ZoomButtons() {
  const map = useMap()
  const t = useT()
  const zoomInTitle = t('zoomIn')
  const zoomOutTitle = t('zoomOut')
  useEffect(() => {
    const control = L.control.zoom({ position: 'topleft', zoomInTitle, zoomOutTitle }).addTo(map)
    return () => {
      control.remove()
    }
  }, [map, zoomInTitle, zoomOutTitle])
  return null
}

function CachedTiles({ template, version, attribution }: { template: string; version: string; attribution: string }) {
  const map = useMap()
  // Vector tiles' labels are OSM's names in her language where OSM has them (`name:hi`, `name:mr`), else `name`.
  const language = useLanguage()
  const lang = isVectorTemplate(template) ? language : undefined
  useEffect(() => {
    // The server's vector tiles are drawn here (labels included); a raster basemap (TILE_URL) is shown as it is.
    const layer = isVectorTemplate(template)
      ? createVectorTileLayer(template, {
          version,
          attribution: attributionHtml(attribution),
          className: 'map-tiles map-tiles--vector',
          ...(lang ? { lang } : {}),
        })
      : new CachedTileLayer(template, {
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
  }, [map, template, version, attribution, lang])
  return null
}

/** One route line; a highlighted line comes to the front (several routes share one map). */
function RouteLine({ line }: { line: MapLine }) {
  const ref = useRef<L.Polyline>(null)
  const select = useRef(line.onSelect)
  select.current = line.onSelect
  useEffect(() => {
    if (line.highlighted) ref.current?.bringToFront()
  }, [line.highlighted])
  const dimmed = line.highlighted === false
  return (
    <Polyline
      ref={ref}
      positions={line.positions}
      className="map-line"
      pathOptions={{
        color: line.color,
        weight: line.highlighted ? 8 : 5,
        opacity: dimmed ? 0.6 : 0.9,
        lineCap: 'round',
        ...(line.dashArray ? { dashArray: line.dashArray } : {}),
        // A tap on a line selects it, and is not also a tap on the map (which would offer to report there).
        bubblingMouseEvents: !line.onSelect,
      }}
      eventHandlers={{ click: () => select.current?.() }}
    >
      <NamedTooltip text={line.name} sticky />
    </Polyline>
  )
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
  focusWhenDrawn,
}: MapViewProps) {
  const t = useT()
  const { region, known, ready, version } = useRegion()
  const [showHeat, setShowHeat] = useState(false)
  const [heatStatus, setHeatStatus] = useState<HeatmapStatus>('')
  const id = useId()
  const helpId = `${id}-help`
  const heatId = `${id}-heat`
  const classes = mapViewClasses(className)

  if (!ready) return <MapPlaceholder className={className} />

  const view = center
    ? { center, zoom: zoom ?? 12 }
    : known
      ? { center: bboxCenter(region.bbox), zoom: zoom ?? 12 }
      : { center: WORLD.center, zoom: zoom ?? WORLD.zoom }

  return (
    <div className={classes}>
      <p id={helpId} className="visually-hidden">
        {t('keysHelp')}
        {reportHere ? ` ${t('keysReport')}` : ''}
      </p>
      {/* Three short tasks on a phone, not one long one: the map's styles apply, Leaflet sets the map up, then its
          tiles and layers are added. */}
      <NextTask fallback={<MapLoading />}>
        <MapContainer
          className="map-view__map"
          center={view.center}
          zoom={view.zoom}
          maxZoom={MAX_TILE_ZOOM}
          minZoom={2}
          scrollWheelZoom={false}
          zoomControl={false}
          worldCopyJump
        >
          <MapSetup label={label} describedBy={helpId} onViewChange={onViewChange} focusWhenDrawn={focusWhenDrawn} />
          <ZoomButtons />
          {reportHere ? <ReportHere /> : null}
          {/* Fitted before the tiles are added, so only the fitted view's tiles load. */}
          {fit && fit.length > 0 ? <FitTo points={fit} /> : null}
          <NextTask>
            <CachedTiles template={region.tileUrl} version={version} attribution={region.attribution} />
            {known && region.outline ? <CoverageOutline outline={region.outline} /> : null}
            {lines.map((line) => (
              <RouteLine key={`${line.name}|${line.color}|${line.positions.length}`} line={line} />
            ))}
            {start ? <PointMarker position={start} kind="start" /> : null}
            {end ? <PointMarker position={end} kind="end" /> : null}
            {heatmapToggle && showHeat ? <IncidentHeatmap onStatus={setHeatStatus} /> : null}
            {tips && lines.length > 0 ? <CommunityTips lines={lines} /> : null}
          </NextTask>
        </MapContainer>
      </NextTask>
      {heatmapToggle ? (
        <div className="map-view__heat">
          <label className="checkbox" htmlFor={heatId}>
            <input
              id={heatId}
              type="checkbox"
              checked={showHeat}
              onChange={(event) => setShowHeat(event.target.checked)}
            />
            {t('heatmapLabel')}
          </label>
          {showHeat && !heatStatus ? <p className="map-view__note">{t('heatmapNote')}</p> : null}
          <p className="map-view__note" role="status">
            {heatStatus === 'offline' ? t('heatmapOffline') : heatStatus === 'none' ? t('heatmapNone') : ''}
          </p>
        </div>
      ) : null}
    </div>
  )
}
