/**
 * The region's outline on the map (RegionInfo `outline`): the world outside it dimmed, the line dashed, and a legend
 * "Wings has map data inside this line". Drawn under the routes and markers, and never takes a click or a tap (the
 * map's own, like "Report an incident here", still work on it).
 */
import './coverage.css'
import type { RegionOutline } from '@wings/contract'
import * as L from 'leaflet'
import { useEffect } from 'react'
import { useMap } from 'react-leaflet'
import { useT } from './messages.ts'

/** The whole world as the outer ring: the outline's polygons are its holes, so only the outside is dimmed. */
const WORLD: L.LatLngExpression[] = [
  [-89, -540],
  [89, -540],
  [89, 540],
  [-89, 540],
]
export const COVERAGE_STYLE: L.PathOptions = {
  className: 'coverage-outline',
  color: '#4a2c6d',
  weight: 2,
  dashArray: '6 4',
  fillColor: '#2b2233',
  fillOpacity: 0.14,
  fillRule: 'evenodd',
  interactive: false,
}

/** [lat, lon] rings of Leaflet from the outline's [lon, lat] GeoJSON rings. */
export function outlineRings(outline: RegionOutline): L.LatLngExpression[][] {
  return outline.coordinates.flatMap(([ring]) => (ring ? [ring.map(([lon, lat]): L.LatLngTuple => [lat, lon])] : []))
}

export function CoverageOutline({ outline }: { outline: RegionOutline }) {
  const map = useMap()
  const t = useT()
  // The contract's COVERAGE_LEGEND in English, her language's words otherwise.
  const legendText = t('coverageLegend')
  const drawn = outline.coordinates.some(([ring]) => ring !== undefined)
  useEffect(() => {
    const rings = outlineRings(outline)
    if (rings.length === 0) return
    const layer = L.polygon([WORLD, ...rings], COVERAGE_STYLE).addTo(map)
    layer.bringToBack()
    return () => {
      layer.remove()
    }
  }, [map, outline])
  useEffect(() => {
    if (!drawn) return
    const Legend = L.Control.extend({
      onAdd() {
        const el = L.DomUtil.create('div', 'coverage-legend')
        const swatch = L.DomUtil.create('span', 'coverage-legend__line', el)
        swatch.setAttribute('aria-hidden', 'true')
        el.append(legendText)
        return el
      },
    })
    const legend = new Legend({ position: 'bottomleft' }).addTo(map)
    return () => {
      legend.remove()
    }
  }, [map, drawn, legendText])
  return null
}
