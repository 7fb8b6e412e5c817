/**
 * 'Offline maps': save the area on the map for use without a connection, watch the download, cancel it, and see
 * and delete the saved areas. Load it lazily (it brings Leaflet).
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { OfflineAreaRow } from '../../db/db.ts'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'
import { useLanguage } from '../../i18n/language.ts'
import { Button } from '../../ui/Button.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { KeptData } from '../offline-planner/components.ts'
import { type Bbox, intersectBbox, type LatLon } from './geo.ts'
import { LazyMapView } from './LazyMapView.tsx'
import { type t as translate, useT } from './messages.ts'
import {
  AREA_MAX_TILES,
  AreaSaveError,
  areaSize,
  defaultAreaName,
  deleteArea,
  planArea,
  saveArea,
  useOfflineAreas,
} from './offlineAreas.ts'
import { useRegion } from './useRegion.ts'

/** Why an area cannot be saved or deleted; each told in her language when shown (she may switch meanwhile). */
type Problem = 'outside' | 'tooLarge' | 'space' | 'network' | 'delete'
const PROBLEM_MESSAGES = {
  outside: 'outsideRegion',
  tooLarge: 'tooLarge',
  space: 'noSpace',
  network: 'downloadFailed',
  delete: 'deleteFailed',
} as const satisfies Record<Problem, Parameters<typeof translate>[0]>

type Status =
  | { kind: 'idle' }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'saved'; area: OfflineAreaRow }
  | { kind: 'cancelled' }
  | { kind: 'deleted'; name: string }
  | { kind: 'error'; problem: Problem }

/** What saving the area in view would take: the server's bytes and tiles, the tiles alone, or why it cannot. */
type SizeNote =
  | { kind: 'bytes'; bytes: number; tiles: number }
  | { kind: 'tiles'; tiles: number }
  | { kind: 'problem'; problem: Problem }

/** How long the view must rest before the area's size is asked for (ms). */
export const SIZE_DELAY_MS = 400

/** Size in MB with one decimal ('0.6 MB'), by Intl in `locale` (an INTL_LOCALE). */
export function megabytes(bytes: number, locale: string = INTL_LOCALE.en): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024))
}

function uniqueName(name: string, areas: readonly OfflineAreaRow[]): string {
  const taken = new Set(areas.map((a) => a.name))
  if (!taken.has(name)) return name
  let n = 2
  while (taken.has(`${name} (${n})`)) n += 1
  return `${name} (${n})`
}

export default function OfflineMaps() {
  const t = useT()
  const locale = INTL_LOCALE[useLanguage()]
  const mb = (bytes: number) => megabytes(bytes, locale)
  const { region, known } = useRegion()
  const areas = useOfflineAreas()
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  /** What saving the area in view would take, said before she saves it. */
  const [sizeNote, setSizeNote] = useState<SizeNote | null>(null)
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
    if (!bbox) return { ok: false as const, problem: 'outside' as const }
    const plan = planArea(bbox, next.zoom, AREA_MAX_TILES, region.tileUrl)
    // planArea refuses only an area with too many tiles.
    return plan.ok ? { ...plan, bbox } : { ok: false as const, problem: 'tooLarge' as const }
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
        setSizeNote({ kind: 'problem', problem: plan.problem })
        return
      }
      const controller = new AbortController()
      sizing.current.controller = controller
      void areaSize(plan.bbox, plan, region.tileUrl, controller.signal).then((size) => {
        if (controller.signal.aborted) return
        setSizeNote(
          size ? { kind: 'bytes', bytes: size.bytes, tiles: size.tiles } : { kind: 'tiles', tiles: plan.tileCount },
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
      setStatus({ kind: 'error', problem: plan.problem })
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
      else setStatus({ kind: 'error', problem: error instanceof AreaSaveError ? error.reason : 'network' })
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
      setStatus({ kind: 'error', problem: 'delete' })
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
      ? t('savedArea', { name: status.area.name, count: status.area.tileCount, size: mb(status.area.bytes) })
      : status.kind === 'cancelled'
        ? t('cancelled')
        : status.kind === 'deleted'
          ? t('deleted', { name: status.name })
          : ''
  const sizeText =
    sizeNote === null
      ? ''
      : sizeNote.kind === 'bytes'
        ? t('sizeAbout', { size: mb(sizeNote.bytes), count: sizeNote.tiles })
        : sizeNote.kind === 'tiles'
          ? t('sizeTiles', { count: sizeNote.tiles })
          : t(PROBLEM_MESSAGES[sizeNote.problem])

  return (
    <section className="offline-maps" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('offlineTitle')}</h2>
      <p className="muted">{t('offlineIntro')}</p>
      <LazyMapView
        label={t('offlineMapLabel')}
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
          {t('saveArea')}
        </Button>
        {busy ? (
          <Button variant="secondary" onClick={() => saving.current?.abort()}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
      {status.kind === 'saving' ? (
        <div className="offline-maps__progress">
          <progress id={`${id}-progress`} aria-label={t('savingMap')} max={status.total || 1} value={status.done} />
          <p className="offline-maps__progress-text" id={`${id}-progress-text`}>
            {t('savingProgress', { done: status.done, total: status.total })}
          </p>
        </div>
      ) : null}
      <p className="offline-maps__success" role="status">
        {message}
      </p>
      {status.kind === 'error' ? (
        <ErrorNote className="offline-maps__error">{t(PROBLEM_MESSAGES[status.problem])}</ErrorNote>
      ) : null}

      <h3 id={`${id}-saved`} ref={listHeading} tabIndex={-1}>
        {t('savedAreas')}
      </h3>
      {areas === undefined ? null : areas.length === 0 ? (
        <p className="muted">{t('noAreas')}</p>
      ) : (
        <ul className="offline-maps__list" aria-labelledby={`${id}-saved`}>
          {areas.map((area) => (
            <li key={area.id} className="offline-maps__area">
              <span>
                <span className="offline-maps__area-name">{area.name}</span>
                <br />
                <span className="muted">{t('areaSize', { count: area.tileCount, size: mb(area.bytes) })}</span>
              </span>
              <Button
                variant="danger"
                size="sm"
                aria-label={t('deleteArea', { name: area.name })}
                onClick={() => void remove(area)}
              >
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <KeptData size={mb} />
    </section>
  )
}
