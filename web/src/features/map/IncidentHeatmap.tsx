/** The reported-incidents layer: translucent circles from /api/incidents/heatmap for the part of the map in view. */
import { BBOX_MAX_KM2, type HeatmapResponse } from '@wings/contract'
import * as L from 'leaflet'
import { useEffect } from 'react'
import { useMap } from 'react-leaflet'
import { callApi } from '../../api/client.ts'
import { bboxParam, clampBboxArea, metersPerPixel } from './geo.ts'
import { online, viewBbox } from './view.ts'

/** The layer's English texts (the screen shows them from the map's messages, in her language). */
export const HEATMAP_LABEL = 'Show reported incidents'
export const HEATMAP_OFFLINE = 'Reported incidents need a connection.'
export const HEATMAP_NONE = 'No incidents reported in this part of the map in the last year.'
/** What the layer has to say: nothing, that it needs a connection, or that there is nothing in view. */
export type HeatmapStatus = '' | 'offline' | 'none'
/** Pause after the map stops moving before the heatmap asks for the new view (ms). */
const HEATMAP_DEBOUNCE_MS = 400
/** Most heatmap cells drawn (the heaviest), so a busy city stays quick to draw. */
const HEATMAP_MAX_CELLS = 3000

/** Warm colours: orange for a few reports, deep red for the most in view. */
export function heatColor(t: number): string {
  const from = [251, 140, 0]
  const to = [183, 28, 28]
  const mix = from.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * t))
  return `rgb(${mix.join(' ')})`
}

/** Reported incidents in the view as translucent circles, asked again (debounced) after every move. */
export function IncidentHeatmap({ onStatus }: { onStatus: (status: HeatmapStatus) => void }) {
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
        onStatus('offline')
        return
      }
      const bbox = clampBboxArea(viewBbox(map), BBOX_MAX_KM2)
      if (!(bbox[0] < bbox[2] && bbox[1] < bbox[3])) return
      const mine = new AbortController()
      controller = mine
      try {
        const answer = await callApi('heatmap', { query: { bbox: bboxParam(bbox) }, signal: mine.signal })
        if (mine.signal.aborted) return
        cells = [...answer.cells].sort((a, b) => b.weight - a.weight).slice(0, HEATMAP_MAX_CELLS)
        cellMeters = answer.cellMeters
        draw()
        onStatus(cells.length === 0 ? 'none' : '')
      } catch {
        if (!mine.signal.aborted) onStatus('offline')
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
