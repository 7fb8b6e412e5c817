/**
 * The geocoding step of a region import: replaces the `places` index (places, POIs, merged streets, addresses),
 * its trigram index, the word list typos are corrected against, and the boxes reverse geocoding looks in.
 */
import { existsSync } from 'node:fs'
import { equirectangularMetres } from '@wings/geo'
import {
  decodePrimitiveBlock,
  type OsmExtract,
  type OsmPoint,
  type PlaceKind,
  readBlobs,
  type Tags,
} from '@wings/routing'
import type { ImportStep } from '../region/import-step.ts'
import { createGeocodeWriter, type PlaceRow } from './repo.ts'
import { isLatin, normalize, wordsOf } from './text.ts'

/** place=* values a point's locality is taken from, and how far (m) one may be. */
const LOCALITY_PLACES = new Set(['suburb', 'neighbourhood', 'quarter'])
const LOCALITY_RADIUS = 3000
/** Marks a search name that is the address line of a named POI. */
export const ADDRESS_MARK = '#'
const CITY_PLACES = new Set(['city', 'town', 'village'])
const CITY_RADIUS = 25_000

/** Keys holding a name of the object (besides name and name:en); name:* keys count too. */
const OTHER_NAME_KEYS = ['alt_name', 'old_name', 'short_name', 'official_name', 'loc_name', 'int_name', 'name_1']
const NOT_A_NAME = /etymology|wikidata|wikipedia|pronunciation|prefix|suffix/

const CATEGORY_KEYS = [
  'place',
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'office',
  'historic',
  'healthcare',
  'craft',
  'railway',
  'public_transport',
  'highway',
  'man_made',
  'building',
]

const PLACE_IMPORTANCE: Record<string, number> = {
  city: 100,
  town: 95,
  suburb: 85,
  village: 80,
  quarter: 80,
  neighbourhood: 75,
  locality: 60,
  hamlet: 55,
}
const POI_IMPORTANCE: Record<string, number> = {
  station: 78,
  hospital: 70,
  police: 70,
  bus_station: 68,
  place_of_worship: 62,
  attraction: 62,
  museum: 62,
  university: 62,
  college: 58,
  park: 58,
  monument: 58,
  memorial: 55,
  clinic: 55,
  school: 52,
  fire_station: 60,
  marketplace: 55,
  mall: 55,
  pharmacy: 50,
  restaurant: 48,
  cafe: 46,
  hotel: 48,
  bank: 46,
  atm: 40,
  platform: 38,
  bus_stop: 38,
  stop: 34,
  stop_position: 25,
  yes: 30,
}
const ROAD_IMPORTANCE: Record<string, number> = {
  trunk: 62,
  primary: 60,
  secondary: 56,
  tertiary: 52,
  unclassified: 46,
  residential: 44,
  living_street: 42,
  pedestrian: 42,
  service: 34,
  footway: 30,
  path: 28,
  steps: 26,
}

interface Entry {
  id: string
  kind: PlaceKind
  lat: number
  lon: number
  name: string
  nameEn: string | null
  others: Record<string, string>
  category: string
  /** The OSM key `category` is a value of ('amenity', 'railway', 'highway', 'place'...). */
  osmKey: string
  houseNumber: string | null
  importance: number
  searchNames: string[]
  locality: string | null
  city: string | null
}

/** The OSM value that says what the object is, and its key; an address is Nominatim's place=house. */
function categoryOf(tags: Tags, kind: PlaceKind): { category: string; osmKey: string } {
  if (kind === 'address') return { category: 'house', osmKey: 'place' }
  for (const k of CATEGORY_KEYS) {
    const v = tags[k]
    if (v !== undefined && v !== 'no') return { category: k === 'building' && v === 'yes' ? 'building' : v, osmKey: k }
  }
  return { category: kind, osmKey: '' }
}

function importanceOf(tags: Tags, kind: PlaceKind, category: string, nameCount: number): number {
  if (kind === 'address') return 10
  if (kind === 'street') return ROAD_IMPORTANCE[category] ?? 36
  if (kind === 'place') return PLACE_IMPORTANCE[category] ?? 50
  const base = POI_IMPORTANCE[category] ?? (tags.shop !== undefined ? 40 : 44)
  // Names in several languages or a wikidata link: a place people know.
  return base + Math.min(6, (nameCount - 1) * 2) + (tags.wikidata !== undefined ? 4 : 0)
}

/** The address line of a point, 'housenumber street', or null. */
function addressOf(tags: Tags): string | null {
  const number = tags['addr:housenumber']?.trim()
  const street = (tags['addr:street'] ?? tags['addr:place'])?.trim()
  return number && street ? `${number} ${street}` : null
}

/** Every name of a point, split on ';'. */
function namesOf(tags: Tags): { name: string | null; nameEn: string | null; others: Record<string, string> } {
  const others: Record<string, string> = {}
  for (const k in tags) {
    if (k === 'name' || k === 'name:en') continue
    const isName = k.startsWith('name:') || OTHER_NAME_KEYS.some((o) => k === o || k.startsWith(`${o}:`))
    const value = tags[k]?.trim()
    if (isName && !NOT_A_NAME.test(k) && value) others[k] = value
  }
  return { name: tags.name?.trim() || null, nameEn: tags['name:en']?.trim() || null, others }
}

/** The name shown: English, else a Latin-script name, else the name. */
function shownName(name: string | null, nameEn: string | null, others: Record<string, string>): string | null {
  if (nameEn) return nameEn
  if (name && isLatin(name)) return name
  const latin = Object.values(others).find(isLatin)
  return latin ?? name
}

function entryOf(p: OsmPoint<PlaceKind>): Entry | null {
  const { name, nameEn, others } = namesOf(p.tags)
  const address = addressOf(p.tags)
  const kind = p.kind
  const shown = kind === 'address' ? address : shownName(name, nameEn, others)
  if (!shown) return null
  const all = [name, nameEn, ...Object.values(others).flatMap((v) => v.split(';'))]
  if (kind === 'address') all.push(address)
  const searchNames = [...new Set(all.filter((v): v is string => !!v).map((v) => normalize(v)))].filter((v) => v !== '')
  if (searchNames.length === 0) return null
  // The shown name's form first: it is what prefix scans of short queries look at.
  const first = normalize(shown)
  searchNames.sort((a, b) => (a === first ? -1 : b === first ? 1 : 0))
  // A named POI's address is searchable too, marked so that it ranks below the POI's own names.
  const line = address && kind !== 'address' ? normalize(address) : ''
  if (line !== '' && !searchNames.includes(line)) searchNames.push(`${ADDRESS_MARK}${line}`)
  const { category, osmKey } = categoryOf(p.tags, kind)
  return {
    id: p.id,
    kind,
    lat: p.lat,
    lon: p.lon,
    name: shown,
    nameEn,
    others: name && name !== shown ? { name, ...others } : others,
    category,
    osmKey,
    houseNumber: kind === 'address' ? (p.tags['addr:housenumber']?.trim() ?? null) : null,
    importance: importanceOf(p.tags, kind, category, all.filter(Boolean).length),
    searchNames,
    locality: null,
    city: null,
  }
}

/** The nearest point of `candidates` within `radius` m, by a plain scan (a region has few localities). */
function nearest(lat: number, lon: number, candidates: Entry[], radius: number): Entry | null {
  let best: Entry | null = null
  let bestD = radius
  for (const c of candidates) {
    const d = equirectangularMetres(lat, lon, c.lat, c.lon)
    if (d <= bestD) {
      best = c
      bestD = d
    }
  }
  return best
}

/** The city the region lies in when no place=city is near: the most common addr:city (at least 3 times). */
function commonCity(extracts: OsmExtract[]): string | null {
  const counts = new Map<string, number>()
  for (const e of extracts)
    for (const p of e.places) {
      const city = p.tags['addr:city']?.trim()
      if (city) counts.set(city, (counts.get(city) ?? 0) + 1)
    }
  let best: string | null = null
  let bestN = 2
  for (const [city, n] of counts) if (n > bestN) [best, bestN] = [city, n]
  return best
}

function displayName(e: Entry): string {
  const parts = [e.name]
  for (const part of [e.locality, e.city]) if (part && !parts.includes(part)) parts.push(part)
  return parts.join(', ')
}

/** Streets: one entry per (name, locality), at the middle of the way nearest the middle of them all. */
function mergeStreets(streets: Entry[]): { merged: Entry[]; wayToStreet: Map<string, Entry> } {
  const groups = new Map<string, Entry[]>()
  for (const s of streets) {
    const key = `${s.searchNames[0]}|${s.locality ?? ''}`
    const g = groups.get(key)
    if (g) g.push(s)
    else groups.set(key, [s])
  }
  const merged: Entry[] = []
  const wayToStreet = new Map<string, Entry>()
  for (const group of groups.values()) {
    const [head] = group
    if (!head) continue
    const lat = group.reduce((a, s) => a + s.lat, 0) / group.length
    const lon = group.reduce((a, s) => a + s.lon, 0) / group.length
    const mid = nearest(lat, lon, group, Number.POSITIVE_INFINITY) ?? head
    const best = group.reduce((a, s) => (s.importance > a.importance ? s : a), head)
    const searchNames = [...new Set(group.flatMap((s) => s.searchNames))]
    const street: Entry = {
      ...mid,
      category: best.category,
      importance: best.importance + Math.min(4, group.length - 1),
      others: Object.assign({}, ...group.map((s) => s.others)),
      searchNames,
    }
    merged.push(street)
    for (const s of group) wayToStreet.set(s.id, street)
  }
  return { merged, wayToStreet }
}

/** Route relations whose from / to / via name the places they link. */
const ROUTE_TYPES = new Set(['route', 'route_master'])
const ENDPOINT_KEYS = ['from', 'to', 'via']

/**
 * The names an extract's own data gives to places, whether or not it holds them: the ends of its railway and bus
 * routes, its roads' destinations (';'-separated lists split). A second read of the file's way and relation blocks;
 * nothing for an extract read from a buffer.
 */
export function namedPlaces(extract: OsmExtract): Set<string> {
  const names = new Set<string>()
  if (!existsSync(extract.source)) return names
  const add = (value: string | undefined) => {
    for (const part of value?.split(';') ?? []) {
      const name = part.trim()
      if (name) names.add(name)
    }
  }
  for (const blob of readBlobs(extract.source)) {
    if (blob.type !== 'OSMData') continue
    decodePrimitiveBlock(blob.data, {
      way(_id, _refs, tags) {
        if (tags?.highway !== undefined) add(tags.destination)
      },
      relation(_id, tags) {
        if (tags && ROUTE_TYPES.has(tags.type ?? '')) for (const k of ENDPOINT_KEYS) add(tags[k])
      },
    })
  }
  return names
}

/** The commonest addr:country of the extracts' places (lower case), or null when none has one. */
export function regionCountry(extracts: OsmExtract[]): string | null {
  const counts = new Map<string, number>()
  for (const e of extracts)
    for (const p of e.places) {
      const code = p.tags['addr:country']?.trim().toLowerCase()
      if (code && /^[a-z]{2}$/.test(code)) counts.set(code, (counts.get(code) ?? 0) + 1)
    }
  let best: string | null = null
  let bestN = 0
  for (const [code, n] of counts) if (n > bestN) [best, bestN] = [code, n]
  return best
}

/** Builds the index entries of the extracts (merged: an object in two extracts counts once). */
export function geocodeEntries(extracts: OsmExtract[]): { entries: Entry[]; wayToStreet: Map<string, Entry> } {
  const seen = new Set<string>()
  const points: Entry[] = []
  for (const e of extracts)
    for (const p of e.places) {
      const key = `${p.kind}:${p.id}`
      if (seen.has(key)) continue
      seen.add(key)
      const entry = entryOf(p)
      if (entry) points.push(entry)
    }
  const localities = points.filter((p) => p.kind === 'place' && LOCALITY_PLACES.has(p.category))
  const cities = points.filter((p) => p.kind === 'place' && CITY_PLACES.has(p.category))
  const regionCity = commonCity(extracts)
  for (const p of points) {
    const isLocality = p.kind === 'place' && (LOCALITY_PLACES.has(p.category) || CITY_PLACES.has(p.category))
    p.locality = isLocality ? null : (nearest(p.lat, p.lon, localities, LOCALITY_RADIUS)?.name ?? null)
    p.city = CITY_PLACES.has(p.category) ? null : (nearest(p.lat, p.lon, cities, CITY_RADIUS)?.name ?? regionCity)
  }
  const { merged, wayToStreet } = mergeStreets(points.filter((p) => p.kind === 'street'))
  return { entries: [...points.filter((p) => p.kind !== 'street'), ...merged], wayToStreet }
}

/** The geocoding import step: replaces the region's geocoding rows. */
export const geocodeImportStep: ImportStep = ({ extracts, db }) => {
  const writer = createGeocodeWriter(db)
  writer.clear()
  const { entries, wayToStreet } = geocodeEntries(extracts)
  const seqOf = new Map<Entry, number>()
  let seq = 0
  for (const e of entries) {
    seq++
    seqOf.set(e, seq)
    const row: PlaceRow = {
      seq,
      id: e.id,
      kind: e.kind,
      name: e.name,
      name_en: e.nameEn,
      other_names: JSON.stringify(e.others),
      category: e.category,
      lat: e.lat,
      lon: e.lon,
      locality: e.locality,
      city: e.city,
      display_name: displayName(e),
      importance: e.importance,
      search_names: e.searchNames.join('\n'),
      sort_name: e.searchNames[0] ?? '',
      osm_key: e.osmKey,
      house_number: e.houseNumber,
    }
    writer.insertPlace(row)
    for (const name of e.searchNames)
      for (const w of wordsOf(name.replace(ADDRESS_MARK, ''))) if (w.length >= 2) writer.insertWord(w)
    if (e.kind !== 'street' && e.kind !== 'place') writer.insertBox(seq, e.lat, e.lon, e.lat, e.lon)
  }
  // Street segments, from the named roads' node coordinates.
  for (const extract of extracts) {
    const index = new Map<number, number>()
    extract.nodeIds.forEach((id, i) => {
      index.set(id, i)
    })
    const lat = (i: number) => (extract.nodeLat[i] ?? 0) / 1e7
    const lon = (i: number) => (extract.nodeLon[i] ?? 0) / 1e7
    for (const way of extract.roads) {
      const street = wayToStreet.get(`w${way.id}`)
      if (!street) continue
      const streetSeq = seqOf.get(street)
      if (streetSeq === undefined) continue
      let prev = -1
      for (const ref of way.refs) {
        const i = index.get(ref)
        if (i === undefined) continue
        if (prev >= 0) {
          writer.insertBox(streetSeq, lat(prev), lon(prev), lat(i), lon(i))
        }
        prev = i
      }
    }
  }
  writer.rebuildIndex()
  // Places the data names but does not hold: a search for one is told it is outside the region.
  const here = new Set(entries.flatMap((e) => e.searchNames))
  for (const extract of extracts)
    for (const name of namedPlaces(extract)) {
      const normal = normalize(name)
      if (normal !== '' && !here.has(normal)) writer.insertElsewhere(normal)
    }
  writer.setCountry(regionCountry(extracts))
}
