/**
 * How the app draws the region's vector tiles (the server's layers: docs/tiles.md): a calm, light, OSM-Carto-like
 * palette so routes and safety colours on top stand out, and labels with a clear order for a phone screen. Rules are
 * drawn in order; among labels the earlier rule wins a collision, so places, then stations, then streets, then stops.
 * Zooms here are map zooms. Names come from `name:<lang>` when the feature has one, else `name`.
 */
import {
  CenteredTextSymbolizer,
  CircleSymbolizer,
  exp,
  type Feature,
  GroupSymbolizer,
  type LabelRule,
  LineLabelPlacement,
  LineLabelSymbolizer,
  LineSymbolizer,
  OffsetTextSymbolizer,
  type PaintRule,
  PolygonSymbolizer,
} from 'protomaps-leaflet'

export const COLORS = {
  land: '#f2efe9',
  water: '#aad3df',
  waterText: '#2f6b86',
  park: '#c8e6c0',
  grass: '#d6ecc9',
  wood: '#add19e',
  beach: '#f3e5b5',
  railwayLand: '#e6dfe4',
  pedestrian: '#e6e4ee',
  building: '#d9d0c9',
  buildingMajor: '#c9b8ab',
  buildingEdge: '#c4b6ab',
  rail: '#8a8a8a',
  text: '#2b2b2b',
  placeText: '#4a4a4a',
  halo: '#ffffff',
  station: '#b3261e',
  bus: '#1f5fa8',
  hospital: '#c0392b',
  police: '#1d3f8a',
} as const

const kind = (f?: Feature) => String(f?.props.kind ?? '')
const is =
  (...kinds: string[]) =>
  (_z: number, f: Feature) =>
    kinds.includes(kind(f))

interface RoadStyle {
  kinds: string[]
  fill: string
  casing?: string
  /** [map zoom, width px] stops; the casing is 1.5-2 px wider. */
  width: [number, number][]
}

/** Roads from minor to major (drawn in this order, so major roads lie on top). */
const ROADS: RoadStyle[] = [
  {
    kinds: ['path'],
    fill: '#f08c7d',
    width: [
      [14, 0.6],
      [16, 1.4],
      [19, 2.5],
    ],
  },
  {
    kinds: ['service'],
    fill: '#ffffff',
    casing: '#b8b0a8',
    width: [
      [14, 1],
      [16, 3],
      [19, 10],
    ],
  },
  {
    kinds: ['pedestrian'],
    fill: '#e6e4ee',
    casing: '#b5b2c4',
    width: [
      [13, 1],
      [16, 5],
      [19, 16],
    ],
  },
  {
    kinds: ['minor'],
    fill: '#ffffff',
    casing: '#b8b0a8',
    width: [
      [12, 0.8],
      [14, 2],
      [16, 6],
      [19, 22],
    ],
  },
  {
    kinds: ['major'],
    fill: '#fcd6a4',
    casing: '#c99b5e',
    width: [
      [10, 1],
      [13, 3],
      [16, 9],
      [19, 28],
    ],
  },
  {
    kinds: ['highway'],
    fill: '#f9b29c',
    casing: '#c84e2f',
    width: [
      [6, 1],
      [13, 4],
      [16, 10],
      [19, 30],
    ],
  },
]

const widthAt = (stops: [number, number][]) => exp(1.4, stops)

export function paintRules(): PaintRule[] {
  const area = (layer: string, fill: string, ...kinds: string[]): PaintRule => ({
    dataLayer: layer,
    symbolizer: new PolygonSymbolizer({ fill }),
    ...(kinds.length > 0 ? { filter: is(...kinds) } : {}),
  })
  const rules: PaintRule[] = [
    area('earth', COLORS.land),
    area('landuse', COLORS.railwayLand, 'railway'),
    area('landuse', COLORS.pedestrian, 'pedestrian'),
    area('landuse', COLORS.grass, 'grass', 'pitch'),
    area('landuse', COLORS.beach, 'beach'),
    area('landuse', COLORS.park, 'park', 'cemetery'),
    area('landuse', COLORS.wood, 'wood'),
    {
      dataLayer: 'water',
      symbolizer: new PolygonSymbolizer({ fill: COLORS.water }),
      filter: (_z, f) => f.geomType === 3,
    },
    {
      dataLayer: 'water',
      symbolizer: new LineSymbolizer({
        color: COLORS.water,
        width: (z, f) =>
          kind(f) === 'river' || kind(f) === 'canal'
            ? widthAt([
                [10, 1],
                [16, 6],
                [19, 14],
              ])(z)
            : 1.5,
      }),
      filter: (_z, f) => f.geomType === 2,
    },
    {
      dataLayer: 'buildings',
      symbolizer: new PolygonSymbolizer({
        fill: (_z, f) => (f?.props.major ? COLORS.buildingMajor : COLORS.building),
        stroke: COLORS.buildingEdge,
        width: (z) => (z >= 17 ? 0.7 : 0),
      }),
    },
  ]
  // Casings first, then fills, so junctions join cleanly.
  for (const road of ROADS) {
    if (!road.casing) continue
    const stops = road.width.map(([z, w]): [number, number] => [z, w + Math.max(1.5, w * 0.25)])
    rules.push({
      dataLayer: 'roads',
      minzoom: 13,
      symbolizer: new LineSymbolizer({
        color: road.casing,
        width: widthAt(stops),
        lineCap: 'round',
        lineJoin: 'round',
      }),
      filter: is(...road.kinds),
    })
  }
  for (const road of ROADS) {
    rules.push({
      dataLayer: 'roads',
      symbolizer: new LineSymbolizer({
        // Below z13 white streets would vanish on the land colour: drawn in their casing's grey there.
        color: (z) => (z < 13 && road.fill === '#ffffff' ? (road.casing ?? road.fill) : road.fill),
        width: widthAt(road.width),
        lineCap: 'round',
        lineJoin: 'round',
      }),
      filter: is(...road.kinds),
    })
  }
  // Railways: a grey line with white dashes (the classic railway look), thinner for sidings.
  const railWidth = (z: number, f?: Feature) =>
    (f?.props.service ? 0.6 : 1) *
    widthAt([
      [10, 0.8],
      [14, 1.5],
      [18, 3],
    ])(z)
  rules.push(
    {
      dataLayer: 'transit',
      symbolizer: new LineSymbolizer({
        color: COLORS.rail,
        width: railWidth,
        opacity: (_z, f) => (f?.props.tunnel ? 0.4 : 1),
      }),
    },
    {
      dataLayer: 'transit',
      minzoom: 14,
      symbolizer: new LineSymbolizer({ color: '#ffffff', width: (z, f) => railWidth(z, f) * 0.5, dash: [6, 6] }),
      filter: (_z, f) => !f.props.tunnel && kind(f) !== 'tram',
    },
  )
  return rules
}

const halo = { stroke: COLORS.halo, width: 3 }

/** Labels in priority order. `lang` picks `name:<lang>` first (issue 23 adds Hindi and Marathi). */
export function labelRules(lang = 'en'): LabelRule[] {
  const names = lang === 'en' ? ['name:en', 'name'] : [`name:${lang}`, 'name', 'name:en']
  const symbolWithName = (color: string, radius: number, font: string) =>
    new GroupSymbolizer([
      new CircleSymbolizer({ radius, fill: color, stroke: COLORS.halo, width: 1.5 }),
      new OffsetTextSymbolizer({ labelProps: names, fill: color, font, offsetX: radius + 3, offsetY: 4, ...halo }),
    ])
  return [
    {
      dataLayer: 'places',
      minzoom: 10,
      symbolizer: new CenteredTextSymbolizer({
        labelProps: names,
        fill: COLORS.placeText,
        font: (z, f) =>
          ['city', 'town', 'suburb'].includes(kind(f))
            ? `700 ${z >= 15 ? 15 : 14}px sans-serif`
            : '600 13px sans-serif',
        // No letter spacing: it would draw each letter on its own, and a label must stay one text (screen tests read it).
        textTransform: 'uppercase',
        maxLineChars: 14,
        ...halo,
      }),
      filter: (z, f) => (['locality', 'hamlet'].includes(kind(f)) ? z >= 15 : true),
      sort: (a, b) => rank(a) - rank(b),
    },
    {
      dataLayer: 'pois',
      minzoom: 12,
      symbolizer: symbolWithName(COLORS.station, 5, '700 13px sans-serif'),
      filter: is('station'),
    },
    {
      dataLayer: 'road_labels',
      minzoom: 13,
      symbolizer: new LineLabelSymbolizer({
        labelProps: names,
        fill: COLORS.text,
        font: (z) => `600 ${z >= 17 ? 13 : 12}px sans-serif`,
        position: LineLabelPlacement.Center,
        ...halo,
      }),
      filter: is('highway', 'major'),
    },
    {
      dataLayer: 'road_labels',
      minzoom: 15,
      symbolizer: new LineLabelSymbolizer({
        labelProps: names,
        fill: COLORS.text,
        font: (z) => `400 ${z >= 17 ? 13 : 12}px sans-serif`,
        position: LineLabelPlacement.Center,
        ...halo,
      }),
      filter: (z, f) => ['minor', 'pedestrian'].includes(kind(f)) || (z >= 17 && ['service', 'path'].includes(kind(f))),
    },
    {
      dataLayer: 'pois',
      minzoom: 16,
      symbolizer: symbolWithName(COLORS.hospital, 3.5, '600 11px sans-serif'),
      filter: is('hospital'),
    },
    {
      dataLayer: 'pois',
      minzoom: 16,
      symbolizer: symbolWithName(COLORS.police, 3.5, '600 11px sans-serif'),
      filter: is('police'),
    },
    {
      dataLayer: 'pois',
      minzoom: 16,
      symbolizer: new GroupSymbolizer([
        new CircleSymbolizer({ radius: 3.5, fill: COLORS.bus, stroke: COLORS.halo, width: 1.5 }),
        new OffsetTextSymbolizer({
          labelProps: (z) => (z >= 17 ? names : []),
          fill: COLORS.bus,
          font: '500 11px sans-serif',
          offsetX: 6,
          offsetY: 4,
          ...halo,
        }),
      ]),
      filter: is('bus_stop', 'bus_station', 'tram_stop'),
    },
    {
      dataLayer: 'pois',
      minzoom: 14,
      symbolizer: new CenteredTextSymbolizer({
        labelProps: names,
        fill: (_z, f) => (kind(f) === 'water' ? COLORS.waterText : kind(f) === 'park' ? '#2e6b30' : '#6b5b4e'),
        font: (_z, f) => (kind(f) === 'building' ? '500 11px sans-serif' : 'italic 500 12px sans-serif'),
        maxLineChars: 16,
        ...halo,
      }),
      filter: is('park', 'water', 'building'),
    },
  ]
}

const PLACE_RANK: Record<string, number> = { city: 0, town: 1, suburb: 2, quarter: 3, neighbourhood: 4, village: 4 }
function rank(props: Record<string, unknown>): number {
  return PLACE_RANK[String(props.kind)] ?? 5
}
