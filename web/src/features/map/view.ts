/** What the map's layers ask before they load anything: the box in view, and whether there is a connection. */
import type * as L from 'leaflet'
import { type Bbox, normalizeBbox } from './geo.ts'

export function viewBbox(map: L.Map): Bbox {
  const b = map.getBounds()
  return normalizeBbox([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()])
}

export const online = () => typeof navigator === 'undefined' || navigator.onLine !== false
