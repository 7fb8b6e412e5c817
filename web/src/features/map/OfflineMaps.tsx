/**
 * 'Offline maps': save the area on the map for use without a connection, watch the download, cancel it, and see
 * and delete the saved areas. Load it lazily (it brings Leaflet).
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { OfflineAreaRow } from '../../db/db.ts'
import { Button } from '../../ui/Button.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { type Bbox, intersectBbox, type LatLon } from './geo.ts'
import { LazyMapView } from './LazyMapView.tsx'
import {
  AREA_MAX_TILES,
  AreaSaveError,
  areaSize,
  defaultAreaName,
  deleteArea,
  OfflineMessages,
  planArea,
  saveArea,
  useOfflineAreas,
} from './offlineAreas.ts'
import { useRegion } from './useRegion.ts'

export const SAVE_AREA_LABEL = 'Save this area for offline use'
export const OUTSIDE_REGION = 'This area is outside the mapped region. Move the map and try again.'
export const DELETE_FAILED = 'The area could not be deleted. Please try again.'

type Status =
  | { kind: 'idle' }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'saved'; area: OfflineAreaRow }
  | { kind: 'cancelled' }
  | { kind: 'deleted'; name: string }
  | { kind: 'error'; message: string }

/** How long the view must rest before the area's size is asked for (ms). */
export const SIZE_DELAY_MS = 400

/** Size in MB with one decimal. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const tilesText = (n: number) => `${n} ${n === 1 ? 'tile' : 'tiles'}`

function uniqueName(name: string, areas: readonly OfflineAreaRow[]): string {
  const taken = new Set(areas.map((a) => a.name))
  if (!taken.has(name)) return name
  let n = 2
  while (taken.has(`${name} (${n})`)) n += 1
  return `${name} (${n})`
}

export default function OfflineMaps() {
  const { region, known } = useRegion()
  const areas = useOfflineAreas()
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  /** What saving the area in view would take, said before she saves it. */
  const [sizeText, setSizeText] = useState('')
  const sizing = useRef<{ key?: string; timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({})
  const view = useRef<{ bbox: Bbox; zoom: number } | null>(null)
  const saving = useRef<AbortController | null>(null)
  const actions = useRef<HTMLDivElement>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const id = useId()

  // Leaving the screen stops a download (nothing is left half saved) and any size question.
  useEffect(
    () => () => {
      saving.current?.abort()
      clearTimeout(sizing.current.timer)
      sizing.current.controller?.abort()
    },
    [],
  )

  /** The area in view, clipped to the region, and the tiles saving it takes; a message when it cannot be saved. */
  function planFor(next: { bbox: Bbox; zoom: number }) {
    const bbox = known ? intersectBbox(next.bbox, region.bbox) : next.bbox
    if (!bbox) return { ok: false as const, message: OUTSIDE_REGION }
    const plan = planArea(bbox, next.zoom, AREA_MAX_TILES, region.tileUrl)
    return plan.ok ? { ...plan, bbox } : plan
  }

  /** Says, once the map rests, how large the area in view is: the server's exact bytes, else the tile count. */
  function sizeView(next: { bbox: Bbox; zoom: number }) {
    // The same view (the map reports each move once; a redraw may report it again) is sized once.
    const key = `${next.bbox.join()}/${next.zoom}/${known}/${region.tileUrl}`
    if (key === sizing.current.key) return
    sizing.current.key = key
    clearTimeout(sizing.current.timer)
    sizing.current.controller?.abort()
    sizing.current.timer = setTimeout(() => {
      const plan = planFor(next)
      if (!plan.ok) {
        setSizeText(plan.message)
        return
      }
      const controller = new AbortController()
      sizing.current.controller = controller
      void areaSize(plan.bbox, plan, region.tileUrl, controller.signal).then((size) => {
        if (controller.signal.aborted) return
        setSizeText(
          size
            ? `Saving this area takes about ${megabytes(size.bytes)} (${tilesText(size.tiles)}).`
            : `Saving this area takes ${tilesText(plan.tileCount)}.`,
        )
      })
    }, SIZE_DELAY_MS)
  }

  /** The Save button takes the focus back when the control she was on went away (Cancel). */
  const refocus = () => {
    const active = document.activeElement
    if (!active || active === document.body) actions.current?.querySelector('button')?.focus()
  }

  async function save() {
    if (saving.current || !view.current) return
    const plan = planFor(view.current)
    if (!plan.ok) {
      setStatus({ kind: 'error', message: plan.message })
      return
    }
    const controller = new AbortController()
    saving.current = controller
    setStatus({ kind: 'saving', done: 0, total: plan.tileCount })
    try {
      const area = await saveArea(
        {
          name: uniqueName(defaultAreaName(), areas ?? []),
          bbox: plan.bbox,
          minZoom: plan.minZoom,
          maxZoom: plan.maxZoom,
        },
        {
          signal: controller.signal,
          tileUrl: region.tileUrl,
          version: region.importedAt,
          onProgress: (done, total) => {
            if (!controller.signal.aborted) setStatus({ kind: 'saving', done, total })
          },
        },
      )
      setStatus({ kind: 'saved', area })
    } catch (error) {
      if (controller.signal.aborted) setStatus({ kind: 'cancelled' })
      else
        setStatus({ kind: 'error', message: error instanceof AreaSaveError ? error.message : OfflineMessages.failed })
    } finally {
      saving.current = null
    }
  }

  async function remove(area: OfflineAreaRow) {
    try {
      await deleteArea(area.id)
      setStatus({ kind: 'deleted', name: area.name })
      listHeading.current?.focus()
    } catch {
      setStatus({ kind: 'error', message: DELETE_FAILED })
    }
  }

  // The map opens on the whole region (saving it as shown saves all of it, when it is small enough).
  const [minLon, minLat, maxLon, maxLat] = region.bbox
  const regionCorners: LatLon[] | undefined = known
    ? [
        [minLat, minLon],
        [maxLat, maxLon],
      ]
    : undefined
  const busy = status.kind === 'saving'
  // Once saving ends, after the screen shows it: the Save button is enabled again and Cancel is gone.
  const wasBusy = useRef(false)
  useEffect(() => {
    if (busy) wasBusy.current = true
    else if (wasBusy.current) {
      wasBusy.current = false
      refocus()
    }
  })
  const message =
    status.kind === 'saved'
      ? `Saved for offline use: ${status.area.name} (${tilesText(status.area.tileCount)}, ${megabytes(status.area.bytes)}).`
      : status.kind === 'cancelled'
        ? 'Saving cancelled. Nothing was saved.'
        : status.kind === 'deleted'
          ? `Deleted ${status.name}.`
          : ''

  return (
    <section className="offline-maps" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Offline maps</h2>
      <p className="muted">
        Save the area shown on the map to see it without a connection. Saved areas stay on this phone until you delete
        them.
      </p>
      <LazyMapView
        label="Map of the area to save for offline use"
        fit={regionCorners}
        onViewChange={(next) => {
          view.current = next
          sizeView(next)
        }}
      />
      <p className="offline-maps__size muted" id={`${id}-size`}>
        {sizeText}
      </p>
      <div className="offline-maps__actions" ref={actions}>
        <Button onClick={() => void save()} disabled={busy} aria-describedby={`${id}-size`}>
          {SAVE_AREA_LABEL}
        </Button>
        {busy ? (
          <Button variant="secondary" onClick={() => saving.current?.abort()}>
            Cancel
          </Button>
        ) : null}
      </div>
      {status.kind === 'saving' ? (
        <div className="offline-maps__progress">
          <progress id={`${id}-progress`} aria-label="Saving map" max={status.total || 1} value={status.done} />
          <p className="offline-maps__progress-text" id={`${id}-progress-text`}>
            Saving map: {status.done} of {status.total} tiles
          </p>
        </div>
      ) : null}
      <p className="offline-maps__success" role="status">
        {message}
      </p>
      {status.kind === 'error' ? <ErrorNote className="offline-maps__error">{status.message}</ErrorNote> : null}

      <h3 id={`${id}-saved`} ref={listHeading} tabIndex={-1}>
        Saved areas
      </h3>
      {areas === undefined ? null : areas.length === 0 ? (
        <p className="muted">No saved areas yet.</p>
      ) : (
        <ul className="offline-maps__list" aria-labelledby={`${id}-saved`}>
          {areas.map((area) => (
            <li key={area.id} className="offline-maps__area">
              <span>
                <span className="offline-maps__area-name">{area.name}</span>
                <br />
                <span className="muted">
                  {tilesText(area.tileCount)}, {megabytes(area.bytes)}
                </span>
              </span>
              <Button variant="danger" size="sm" aria-label={`Delete ${area.name}`} onClick={() => void remove(area)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
