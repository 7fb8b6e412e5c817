/**
 * Place search on the phone (docs/planner.md, "Place search on the phone"): the places of the kept area bundles,
 * searched in memory with the server's text rules and word scores (sync-server modules/geocode/service.ts), so a
 * query finds offline what it finds online. Whole words and prefixes, one typo in a word of 4 to 7 letters and two
 * from 8, Latin and Devanagari names; recent places first.
 *
 *   const index = createPlaceIndex(bundleA.places, bundleB.places)   // once per set of bundles
 *   searchPlaces(index, 'grnt rd', { near: [lat, lon], recent })    // AreaPlace[], best first
 */
import { equirectangularMetres } from '@wings/geo'
import type { AreaPlace } from './format.ts'
import {
  ABBREVIATIONS,
  normalize,
  type QueryWord,
  typoBudget,
  type WordScore,
  wordMatch,
  wordsOf,
} from './place-text.ts'

/**
 * GET /api/geocode/search's default limit and longest query (GEOCODE_LIMIT_DEFAULT and GEOCODE_QUERY_MAX of
 * @wings/contract, whose geocode module would bring TypeBox into the worker; a test checks they agree).
 */
export const SEARCH_LIMIT_DEFAULT = 5
export const SEARCH_QUERY_MAX = 200
/** Marks a POI's address line among its search names (sync-server modules/geocode/import.ts). */
const ADDRESS_MARK = '#'
/** A named POI matched by its address line only ranks below POIs matched by name. */
const ADDRESS_FACTOR = 0.7
/** A one-word query shorter than this, unfinished and misspelt at once, matches nothing: 'malad' is not 'malab(ar)'. */
const PREFIX_TYPO_MIN_LETTERS = 6
/** Words of a query looked at, as the server. */
const MAX_WORDS = 8
/** POI categories that are places people name as such: stations rank with neighbourhoods. */
const STATIONS = new Set(['station', 'train_station', 'halt', 'bus_station', 'subway_entrance'])

export interface PlaceSearchOptions {
  /** Results wanted (SEARCH_LIMIT_DEFAULT). */
  limit?: number
  /** Her position [lat, lon]: the last tie-break, nearer first. */
  near?: [number, number]
  /** Ids or names (display or own) of places she chose before, most recent first: matching ones come first. */
  recent?: readonly string[]
}

interface IndexedName {
  /** Ids of the name's words in `words`. */
  words: Int32Array
  /** The POI's address line, not one of its names. */
  address: boolean
}

/** The places of one or more bundles, indexed by word. Build it once per set of bundles; it is only read after. */
export interface PlaceIndex {
  readonly places: readonly AreaPlace[]
  /** Every distinct word of every name, sorted (prefixes are a range). */
  readonly words: readonly string[]
  /** Per word, the places (indices, ascending) with it in a name. */
  readonly postings: readonly Int32Array[]
  /** Per place, its names as word ids. */
  readonly names: readonly IndexedName[][]
}

/** Places by id, the first bundle's copy kept; every name split into indexed words. */
export function createPlaceIndex(...lists: readonly (readonly AreaPlace[])[]): PlaceIndex {
  const places: AreaPlace[] = []
  const ids = new Set<string>()
  for (const list of lists)
    for (const place of list) {
      if (ids.has(place.id)) continue
      ids.add(place.id)
      places.push(place)
    }
  const lines = places.map((p) =>
    p.searchNames.map((line) => {
      const address = line.startsWith(ADDRESS_MARK)
      return { address, words: wordsOf(address ? line.slice(ADDRESS_MARK.length) : line) }
    }),
  )
  const words = [...new Set(lines.flatMap((names) => names.flatMap((n) => n.words)))].sort()
  const idOf = new Map(words.map((w, i) => [w, i]))
  const postings: number[][] = words.map(() => [])
  const names = lines.map((placeNames, p) =>
    placeNames.map(({ address, words: nameWords }) => {
      const ids = Int32Array.from(nameWords, (w) => idOf.get(w) ?? -1)
      for (const id of ids) {
        const list = postings[id] as number[]
        if (list[list.length - 1] !== p) list.push(p)
      }
      return { words: ids, address }
    }),
  )
  return { places, words, postings: postings.map((p) => Int32Array.from(p)), names }
}

const indexes = new WeakMap<readonly AreaPlace[], PlaceIndex>()

/**
 * The places matching `query`, best first: recent places she chose (most recent first), then exact names, other
 * matches as typed (whole words, prefixes), typo corrections; then places and stations, other POIs, streets,
 * addresses; then match quality (whole words before prefixes), importance and distance to `near`. One of each display name per kind. A blank,
 * unmatched or unreadable query finds nothing; it never throws. An array of places is indexed on first use.
 */
export function searchPlaces(
  places: readonly AreaPlace[] | PlaceIndex,
  query: string,
  options: PlaceSearchOptions = {},
): AreaPlace[] {
  if (typeof query !== 'string') return []
  let index: PlaceIndex
  if (Array.isArray(places)) {
    const list = places as readonly AreaPlace[]
    index = indexes.get(list) ?? createPlaceIndex(list)
    indexes.set(list, index)
  } else index = places as PlaceIndex
  const words = wordsOf(normalize(query.slice(0, SEARCH_QUERY_MAX), false)).slice(0, MAX_WORDS)
  if (words.length === 0) return []
  const asked: QueryWord[] = words.map((w, i) => ({
    forms: ABBREVIATIONS[w] ? [ABBREVIATIONS[w], w] : [w],
    last: i === words.length - 1,
    looseEnd: i === words.length - 1 && (words.length > 1 || w.length >= PREFIX_TYPO_MIN_LETTERS),
  }))
  const scores = asked.map((q) => matchingWords(index, q))
  const { limit, near, recent = [] } = options
  const recency = new Map<string, number>()
  recent.forEach((key, i) => {
    if (typeof key === 'string' && !recency.has(key)) recency.set(key, i)
  })
  const best = new BestPlaces(
    Number.isFinite(limit) && (limit as number) >= 1 ? Math.floor(limit as number) : SEARCH_LIMIT_DEFAULT,
  )
  for (const p of candidates(index, scores)) {
    const m = placeMatch(index.names[p] as IndexedName[], scores)
    if (!m) continue
    const place = index.places[p] as AreaPlace
    const recentAt =
      recency.size === 0
        ? Infinity
        : Math.min(
            recency.get(place.id) ?? Infinity,
            recency.get(place.displayName) ?? Infinity,
            recency.get(place.name) ?? Infinity,
          )
    const distance = near ? equirectangularMetres(near[0], near[1], place.lat, place.lon) : 0
    best.offer({ place, score: m.score, kind: m.kind, recent: recentAt, tier: tierOf(place), distance })
  }
  return best.places()
}

/** First index of a word >= `start` in the sorted words. */
function lowerBound(words: readonly string[], start: string): number {
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((words[mid] as string) < start) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The indexed words an asked word matches, with their scores. As on the server, only a word the places do not have
 * (as typed, or as the start of a word for the last one) is corrected: 'worli' is never 'World'.
 */
function matchingWords(index: PlaceIndex, q: QueryWord): Map<number, WordScore> {
  const out = new Map<number, WordScore>()
  let known = false
  for (const form of q.forms) {
    for (let i = lowerBound(index.words, form); i < index.words.length; i++) {
      const word = index.words[i] as string
      if (!word.startsWith(form)) break
      if (word === form || q.last) known = true
      const m = wordMatch(q, word, false)
      if (m.score > 0) out.set(i, m)
    }
  }
  const [typed = ''] = q.forms
  if (known || typed.length < 4) return out
  const slack = typoBudget(typed.length)
  // Whether a longer word's start may be the asked word misspelt (wordMatch's loose start).
  const looseStart = q.last ? q.looseEnd : typed.length >= 5
  for (let i = 0; i < index.words.length; i++) {
    const word = index.words[i] as string
    if (word.length + slack < typed.length || (!looseStart && word.length > typed.length + slack)) continue
    if (out.has(i)) continue
    const m = wordMatch(q, word)
    if (m.score > 0) out.set(i, m)
  }
  return out
}

/** Places with, for every asked word, some word of theirs matching it. */
function candidates(index: PlaceIndex, scores: Map<number, WordScore>[]): number[] {
  const reached = new Uint8Array(index.places.length)
  const out: number[] = []
  const lastQ = scores.length - 1
  scores.forEach((matches, qi) => {
    for (const id of matches.keys())
      for (const p of index.postings[id] as Int32Array) {
        if (reached[p] !== qi) continue
        reached[p] = qi + 1
        if (qi === lastQ) out.push(p)
      }
  })
  return out
}

/** 0 the exact name, 1 matched as typed (whole words or the start of one), 2 with a typo correction. */
type MatchClass = 0 | 1 | 2

interface Match {
  score: number
  kind: MatchClass
}

/**
 * Every asked word must match a different word of the name (greedily, as the server). A match that needed a typo must
 * also start the name or have a word matched as typed: 'bandra' alone is not 'Chinch Bandar Road'.
 */
function nameMatch(name: IndexedName, scores: Map<number, WordScore>[]): Match | null {
  const { words } = name
  if (used.length < words.length) used = new Uint8Array(words.length)
  used.fill(0, 0, words.length)
  let total = 0
  let typo = false
  let asTyped = false
  let whole = true
  let startsName = false
  for (let qi = 0; qi < scores.length; qi++) {
    const matches = scores[qi] as Map<number, WordScore>
    let bestI = -1
    let best: WordScore | undefined
    for (let i = 0; i < words.length; i++) {
      if (used[i]) continue
      const m = matches.get(words[i] as number)
      if (m && (!best || m.score > best.score)) [best, bestI] = [m, i]
    }
    if (!best) return null
    used[bestI] = 1
    total += best.score
    typo ||= best.typo
    asTyped ||= !best.typo
    whole &&= best.score === 1
    if (qi === 0 && bestI === 0) startsName = true
  }
  if (typo && !asTyped && !startsName) return null
  const exact = words.length === scores.length
  const score = total / scores.length + (startsName ? 0.1 : 0) + (exact ? 0.1 : 0)
  const kind: MatchClass = typo ? 2 : whole && exact && !name.address ? 0 : 1
  return { score: name.address ? score * ADDRESS_FACTOR : score, kind }
}

// Words of the name already matched, reused by nameMatch (it runs for every candidate name; never re-entered).
let used = new Uint8Array(32)

function placeMatch(names: IndexedName[], scores: Map<number, WordScore>[]): Match | null {
  let best: Match | null = null
  for (const name of names) {
    const m = nameMatch(name, scores)
    if (m && (!best || m.kind < best.kind || (m.kind === best.kind && m.score > best.score))) best = m
  }
  return best
}

interface Found extends Match {
  place: AreaPlace
  /** Position in `recent` (Infinity: not chosen before). */
  recent: number
  tier: number
  /** Metres from `near` (0 without it). */
  distance: number
}

/** Places (suburbs, neighbourhoods...) and stations, then other named POIs, then streets, then addresses. */
function tierOf(place: AreaPlace): number {
  if (place.kind === 'place' || (place.kind === 'poi' && STATIONS.has(place.category))) return 0
  return place.kind === 'poi' ? 1 : place.kind === 'street' ? 2 : 3
}

function byRank(a: Found, b: Found): number {
  return (
    a.recent - b.recent ||
    a.kind - b.kind ||
    a.tier - b.tier ||
    b.score - a.score ||
    b.place.importance - a.place.importance ||
    a.distance - b.distance ||
    (a.place.displayName < b.place.displayName ? -1 : a.place.displayName > b.place.displayName ? 1 : 0)
  )
}

const keyOf = ({ place: { kind, displayName } }: Found) =>
  `${kind === 'street' || kind === 'address' ? kind : 'poi'}|${displayName}`

/**
 * The best `limit` matches, one of each display name among places and POIs, among streets, among addresses (as the
 * server), kept as they are offered: a short query ('ma') matches thousands of places, and sorting them all is most
 * of its time.
 */
class BestPlaces {
  private readonly top: Found[] = []
  private readonly byKey = new Map<string, Found>()
  constructor(private readonly limit: number) {}

  offer(found: Found): void {
    const { top, byKey } = this
    const last = top[top.length - 1]
    if (top.length === this.limit && last && byRank(found, last) >= 0) return
    const key = keyOf(found)
    const same = byKey.get(key)
    if (same) {
      if (byRank(same, found) <= 0) return
      top.splice(top.indexOf(same), 1)
    }
    let at = top.length
    while (at > 0 && byRank(found, top[at - 1] as Found) < 0) at--
    top.splice(at, 0, found)
    byKey.set(key, found)
    if (top.length > this.limit) byKey.delete(keyOf(top.pop() as Found))
  }

  places(): AreaPlace[] {
    return this.top.map((f) => f.place)
  }
}
