import { KNOWLEDGE } from './knowledge.ts'
import { terms } from './text.ts'
import type { KnowledgeEntry } from './types.ts'

/** One search result: an entry of the knowledge base and its BM25 score. */
export interface SearchHit {
  entry: KnowledgeEntry
  score: number
}

/** BM25's usual constants: term-frequency saturation and length normalisation. */
const K1 = 1.2
const B = 0.5

interface Index {
  /** Per entry, how often each key occurs (title and keywords counted twice, text once). */
  counts: Map<string, number>[]
  /** Per entry, the keys of its title and keywords: an entry is found only through one of them. */
  topics: Set<string>[]
  /** Per entry, the helpline numbers in its title ('181, the helpline for domestic abuse'). */
  numbers: Set<string>[]
  lengths: number[]
  averageLength: number
  /** Inverse document frequency of each key. */
  idf: Map<string, number>
}

/** An entry's text counts up to this many terms: the list of every helpline must not drown its own title. */
const TEXT_TERMS = 60

function buildIndex(entries: readonly KnowledgeEntry[]): Index {
  const counts = entries.map((entry) => {
    const title = terms(entry.title)
    const keywords = terms(entry.keywords.join(' '))
    const keys = [...title, ...title, ...keywords, ...keywords, ...terms(entry.text).slice(0, TEXT_TERMS)]
    const count = new Map<string, number>()
    for (const key of keys) count.set(key, (count.get(key) ?? 0) + 1)
    return count
  })
  const lengths = counts.map((count) => [...count.values()].reduce((sum, n) => sum + n, 0))
  const documents = new Map<string, number>()
  for (const count of counts) for (const key of count.keys()) documents.set(key, (documents.get(key) ?? 0) + 1)
  const n = entries.length
  const idf = new Map<string, number>()
  for (const [key, df] of documents) idf.set(key, Math.log(1 + (n - df + 0.5) / (df + 0.5)))
  const topics = entries.map((entry) => new Set(terms(`${entry.title} ${entry.keywords.join(' ')}`)))
  const numbers = entries.map((entry) => new Set(terms(entry.title).filter((key) => /^\d+$/.test(key))))
  return { counts, topics, numbers, lengths, averageLength: lengths.reduce((a, b) => a + b, 0) / n, idf }
}

/** The shortest start of a word the index knows for it to stand for the word. */
const MIN_START = 4

/**
 * For a word the index does not know, the longest known word it starts with: a case ending or postposition glued on
 * ("ambulansukku" in Tamil, "policeka", "रुग्णवाहिकेचा") leaves the word it was made from.
 */
function knownStart(key: string, known: Map<string, number>): string | undefined {
  for (let end = key.length - 1; end >= MIN_START; end--) {
    const start = key.slice(0, end)
    if (known.has(start)) return start
  }
  return undefined
}

// Built on the first search, so importing the package costs nothing.
let index: Index | null = null

/**
 * A number asked about is a strong hint ("what is 181?") that BM25 alone would miss: 112 is in almost every entry.
 * The entry with the number in its title gets this much more.
 */
const NUMBER_BONUS = 8

/**
 * The k entries that best match the text, best first: BM25 over title and keywords (twice each) and text. An entry is only
 * returned when one of the message's words is in its title or keywords, so a word the text merely mentions
 * ("weather", "match") does not make it an answer.
 */
export function search(text: string, k = 3): SearchHit[] {
  index ??= buildIndex(KNOWLEDGE)
  const { counts, topics, numbers, lengths, averageLength, idf } = index
  const query = [...new Set(terms(text).map((key) => (idf.has(key) ? key : (knownStart(key, idf) ?? key))))]
  const hits: SearchHit[] = []
  KNOWLEDGE.forEach((entry, i) => {
    const count = counts[i] as Map<string, number>
    const norm = K1 * (1 - B + (B * (lengths[i] as number)) / averageLength)
    const topic = topics[i] as Set<string>
    if (!query.some((key) => topic.has(key))) return
    let score = 0
    for (const key of query) {
      const tf = count.get(key)
      if (tf) score += ((idf.get(key) as number) * tf * (K1 + 1)) / (tf + norm)
      if ((numbers[i] as Set<string>).has(key)) score += NUMBER_BONUS
    }
    hits.push({ entry, score })
  })
  return hits.sort((a, b) => b.score - a.score).slice(0, k)
}
