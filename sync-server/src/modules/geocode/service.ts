import {
  ErrorCode,
  GEOCODE_LIMIT_DEFAULT,
  type GeocodeAddress,
  GeocodeMessages,
  type GeocodeResult,
  type GeocodeReverseResponse,
  REVERSE_RADIUS_METERS,
} from '@wings/contract'
import { equirectangularMetres, METRES_PER_DEGREE, metresToSegment } from '@wings/geo'
import { HttpError } from '../../http-error.ts'
import { ADDRESS_MARK } from './import.ts'
import type { GeocodeRepo, PlaceHit } from './repo.ts'
import { ABBREVIATIONS, editDistance, normalize, type QueryWord, typoBudget, wordMatch, wordsOf } from './text.ts'

/** Rows fetched per index query before scoring: far more than a page, so ranking is ours, not the index's. */
const CANDIDATES = 400
/** A named POI matched by its address line only ranks below POIs matched by name. */
const ADDRESS_FACTOR = 0.7
/** Corrections tried per misspelt word. */
const CORRECTIONS = 12

/**
 * A one-word query shorter than this, unfinished and misspelt at once, matches nothing: 'malad' is not 'malab(ar)'.
 * Beside other words ('girgaon metjo'), the words around it say enough.
 */
const PREFIX_TYPO_MIN_LETTERS = 6
/** POI categories that are places people name as such: stations rank with neighbourhoods. */
const STATIONS = new Set(['station', 'train_station', 'halt', 'bus_station', 'subway_entrance'])

/** Places (suburbs, neighbourhoods...) and stations, then other named POIs, then streets, then addresses. */
function tierOf(hit: Pick<PlaceHit, 'kind' | 'category'>): number {
  if (hit.kind === 'place' || (hit.kind === 'poi' && STATIONS.has(hit.category))) return 0
  return hit.kind === 'poi' ? 1 : hit.kind === 'street' ? 2 : 3
}

interface Match {
  /** 0..1.2: share of words matched well, a bonus for starting the name, another for being the whole name. */
  score: number
  /** A word only matched with a typo correction. */
  typo: boolean
}

interface Scored extends Match {
  hit: PlaceHit
  tier: number
  /** Inside the asked viewbox (always true without one). */
  inView: boolean
}

/** A box to prefer (or keep to, when bounded): [minLon, minLat, maxLon, maxLat]. */
export type ViewBox = [number, number, number, number]

export interface SearchOptions {
  limit?: number
  viewbox?: ViewBox
  /** Only results inside the viewbox. */
  bounded?: boolean
  /** ISO 3166-1 alpha-2 codes (lower case): nothing when the region is known to be in none of them. */
  countries?: string[]
}

export interface SearchAnswer {
  hits: PlaceHit[]
  /** Nothing inside matches, but the region's data names the place as one outside it (docs/geocoding.md). */
  outside: boolean
  /** The region's country code, when known. */
  country: string | null
}

/**
 * Every asked word must match a different word of the name. A match that needed a typo correction must also start
 * the name or have a word matched as typed: 'bandra' alone is not 'Chinch Bandar Road', 'worli' not 'Ring World'.
 */
function nameMatch(query: QueryWord[], name: string): Match | null {
  const words = wordsOf(name)
  const used = new Array<boolean>(words.length).fill(false)
  let total = 0
  let typo = false
  let asTyped = false
  let startsName = false
  for (const [qi, q] of query.entries()) {
    let bestI = -1
    let best = { score: 0, typo: false }
    for (let i = 0; i < words.length; i++) {
      if (used[i]) continue
      const m = wordMatch(q, words[i] ?? '')
      if (m.score > best.score) [best, bestI] = [m, i]
    }
    if (bestI < 0) return null
    used[bestI] = true
    total += best.score
    typo ||= best.typo
    asTyped ||= !best.typo
    if (qi === 0 && bestI === 0) startsName = true
  }
  if (typo && !asTyped && !startsName) return null
  const score = total / query.length + (startsName ? 0.1 : 0) + (words.length === query.length ? 0.1 : 0)
  return { score, typo }
}

function placeMatch(query: QueryWord[], hit: PlaceHit): Match | null {
  let best: Match | null = null
  for (const line of hit.search_names.split('\n')) {
    const isAddress = line.startsWith(ADDRESS_MARK)
    const m = nameMatch(query, isAddress ? line.slice(ADDRESS_MARK.length) : line)
    if (m && isAddress) m.score *= ADDRESS_FACTOR
    if (m && (!best || (best.typo && !m.typo) || (best.typo === m.typo && m.score > best.score))) best = m
  }
  return best
}

const phrase = (s: string) => `"${s.replaceAll('"', '""')}"`

function byRank(a: Scored, b: Scored): number {
  return (
    Number(a.typo) - Number(b.typo) ||
    a.tier - b.tier ||
    Number(b.inView) - Number(a.inView) ||
    b.score - a.score ||
    b.hit.importance - a.hit.importance ||
    a.hit.display_name.localeCompare(b.hit.display_name)
  )
}

const inBox = (hit: PlaceHit, [minLon, minLat, maxLon, maxLat]: ViewBox) =>
  hit.lon >= minLon && hit.lon <= maxLon && hit.lat >= minLat && hit.lat <= maxLat

/** Wings' own answer for a place (no `format`). */
export const resultOf = (hit: PlaceHit, address?: GeocodeAddress): GeocodeResult => ({
  place_id: hit.id,
  display_name: hit.display_name,
  lat: hit.lat,
  lon: hit.lon,
  type: hit.category,
  kind: hit.kind,
  ...(address ? { address } : {}),
})

/** Whether the query names one of the places the region's data says are elsewhere (whole name, or more words). */
function namesElsewhere(words: string[], elsewhere: string[]): boolean {
  const asked = new Set(words)
  return elsewhere.some((name) => wordsOf(name).every((w) => asked.has(w)))
}

export function createGeocodeService(repo: GeocodeRepo) {
  const requireRegion = () => {
    if (!repo.hasPlaces()) throw new HttpError(503, ErrorCode.unavailable, GeocodeMessages.noRegion)
  }

  /**
   * Indexed words a misspelt word may stand for: those within the typo budget among the words that share its
   * first letter, or (a typo in the first letter) whose second letter is its first or second.
   */
  function corrections(word: string, unfinished: boolean): string[] {
    const budget = typoBudget(word.length)
    if (budget === 0) return []
    const [first = '', second = ''] = [...word]
    const maxLength = unfinished ? 1000 : word.length + budget
    const candidates = new Set([
      ...repo.words(first, second, word.length - budget, maxLength),
      ...repo.words(first, first, word.length - budget, maxLength),
    ])
    const found: { w: string; d: number }[] = []
    for (const w of candidates) {
      let d = editDistance(word, w, budget)
      if (d > budget && unfinished && w.length > word.length) d = editDistance(word, w.slice(0, word.length), budget)
      if (d <= budget && d > 0) found.push({ w, d })
    }
    return found
      .sort((a, b) => a.d - b.d)
      .slice(0, CORRECTIONS)
      .map((f) => f.w)
  }

  /** An FTS5 query: every word with a clause (one of its forms, or of `extra`) must be in some name. */
  function ftsQuery(query: QueryWord[], extra: string[][] = []): string | null {
    const clauses: string[] = []
    query.forEach((q, i) => {
      // A short form ('st', unfinished) cannot be looked up by trigrams: scoring checks that word.
      if (q.forms.some((f) => [...f].length < 3)) return
      const forms = [...new Set([...q.forms, ...(extra[i] ?? [])])]
      clauses.push(`(${forms.map(phrase).join(' OR ')})`)
    })
    return clauses.length > 0 ? clauses.join(' AND ') : null
  }

  function candidates(fts: string | null, typed: string): PlaceHit[] {
    if (fts !== null) return repo.match(fts, CANDIDATES)
    return repo.prefix(typed, CANDIDATES)
  }

  function score(query: QueryWord[], hits: PlaceHit[], into: Map<number, Scored>, options: SearchOptions): void {
    const { viewbox, bounded } = options
    for (const hit of hits) {
      if (into.has(hit.seq)) continue
      const inView = viewbox ? inBox(hit, viewbox) : true
      if (bounded && !inView) continue
      const m = placeMatch(query, hit)
      if (m) into.set(hit.seq, { hit, ...m, tier: tierOf(hit), inView })
    }
  }

  /**
   * Places matching `q`, best first: matches without a typo before corrected ones; then places and stations, other
   * POIs, streets, addresses; then inside the viewbox; then match quality; then importance. Same display name and
   * tier: shown once. `outside` when none matched as typed but the region's data names the place as elsewhere.
   */
  function find(q: string, options: SearchOptions = {}): SearchAnswer {
    requireRegion()
    const country = repo.country()
    const none: SearchAnswer = { hits: [], outside: false, country }
    if (options.countries && country !== null && !options.countries.includes(country)) return none
    const typed = normalize(q, false)
    const words = wordsOf(typed).slice(0, 8)
    if (words.length === 0) return none
    const hits = rank(words, typed, options)
    if (hits.some((s) => !s.typo)) return { hits: hits.map((s) => s.hit), outside: false, country }
    if (namesElsewhere(wordsOf(normalize(q)), repo.elsewhere())) return { ...none, outside: true }
    return { hits: hits.map((s) => s.hit), outside: false, country }
  }

  function rank(words: string[], typed: string, options: SearchOptions): Scored[] {
    const limit = options.limit ?? GEOCODE_LIMIT_DEFAULT
    // Abbreviations are indexed in long form; the typed form stays too (an unfinished 'st' of 'station').
    const query: QueryWord[] = words.map((w, i) => ({
      forms: ABBREVIATIONS[w] ? [ABBREVIATIONS[w], w] : [w],
      last: i === words.length - 1,
      looseEnd: i === words.length - 1 && (words.length > 1 || w.length >= PREFIX_TYPO_MIN_LETTERS),
    }))
    const scored = new Map<number, Scored>()
    score(query, candidates(ftsQuery(query), typed), scored, options)
    const exact = [...scored.values()].filter((s) => !s.typo).length
    if (exact < limit) {
      // Only words the region does not have (as typed, or as the start of a word for the last one) are corrected.
      const extra = query.map(({ forms: [typed = '', ...rest], last, looseEnd }) =>
        typed.length >= 4 && ![typed, ...rest].some((f) => repo.hasWord(f, last)) ? corrections(typed, looseEnd) : [],
      )
      if (extra.some((e) => e.length > 0)) score(query, candidates(ftsQuery(query, extra), typed), scored, options)
    }
    const seen = new Set<string>()
    const out: Scored[] = []
    for (const s of [...scored.values()].sort(byRank)) {
      // One of each name among places and POIs, among streets, among addresses.
      const key = `${s.hit.kind === 'street' || s.hit.kind === 'address' ? s.hit.kind : 'poi'}|${s.hit.display_name}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push(s)
      if (out.length === limit) break
    }
    return out
  }

  return {
    find,

    /** Wings' own answer: the places found, or 422 OUTSIDE_REGION for a place the data says is elsewhere. */
    search(q: string, limit = GEOCODE_LIMIT_DEFAULT): GeocodeResult[] {
      const answer = find(q, { limit })
      if (answer.outside) throw new HttpError(422, ErrorCode.outsideRegion, GeocodeMessages.outside)
      return answer.hits.map((hit) => resultOf(hit))
    },

    /** The nearest street, POI or address within REVERSE_RADIUS_METERS, named with its locality. */
    reverse(lat: number, lon: number): GeocodeReverseResponse {
      requireRegion()
      const dLat = REVERSE_RADIUS_METERS / METRES_PER_DEGREE
      const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180))
      let best: { seq: number; distance: number } | null = null
      for (const b of repo.boxes(lat - dLat, lat + dLat, lon - dLon, lon + dLon)) {
        const distance =
          b.lat1 === b.lat2 && b.lon1 === b.lon2
            ? equirectangularMetres(lat, lon, b.lat1, b.lon1)
            : metresToSegment(lat, lon, b.lat1, b.lon1, b.lat2, b.lon2).distance
        if (distance <= REVERSE_RADIUS_METERS && (!best || distance < best.distance))
          best = { seq: b.place_seq, distance }
      }
      const hit = best ? repo.place(best.seq) : undefined
      if (!best || !hit) throw new HttpError(404, ErrorCode.notFound, GeocodeMessages.nothingNear)
      return { ...resultOf(hit), distance: Math.round(best.distance) }
    },
  }
}
export type GeocodeService = ReturnType<typeof createGeocodeService>
