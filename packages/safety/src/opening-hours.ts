/**
 * The common forms of OSM `opening_hours` (docs/safety-model.md, section 2): enough to tell whether a place is open
 * at a clock hour on an ordinary day. Day selectors are ignored (a place open at that hour on any listed day counts as
 * open then); public holidays, months, weeks and comments are not modelled. Anything else is `null`: the place keeps
 * its kind's default, rather than being guessed closed.
 */

const TIME = /^(\d{1,2}):(\d{2})$/
const DAYS =
  /^(?:(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?(?:\[[^\]]*\])?)(?:,(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?)*$/

/** Minutes from midnight of 'HH:MM' (24:00 allowed, and up to 48:00 for a range past midnight), else NaN. */
function minutes(text: string): number {
  const m = TIME.exec(text.trim())
  if (!m) return Number.NaN
  const h = Number(m[1])
  const min = Number(m[2])
  if (min > 59 || h > 48) return Number.NaN
  return h * 60 + min
}

/** Time ranges [from, to) in minutes of one rule's times part ('09:00-13:00,17:00-21:00'); null if unreadable. */
function ranges(text: string): [number, number][] | null {
  const out: [number, number][] = []
  for (const part of text.split(',')) {
    const [a, b, ...rest] = part.split('-')
    if (a === undefined || b === undefined || rest.length > 0) return null
    const from = minutes(a)
    let to = minutes(b.replace(/\+$/, ''))
    if (Number.isNaN(from) || Number.isNaN(to) || from >= 24 * 60) return null
    if (to <= from) to += 24 * 60 // past midnight: 18:00-02:00
    out.push([from, to])
  }
  return out
}

/**
 * Whether a place with this `opening_hours` value is open at `hour` (0..23, fractions allowed): true, false, or null
 * when the value is missing or not one of the forms read here.
 */
export function openAtHour(value: string | undefined, hour: number): boolean | null {
  if (value === undefined) return null
  const text = value.trim()
  if (text === '') return null
  if (text === '24/7') return true
  const at = hour * 60
  let readable = false
  let open = false
  for (const raw of text.split(';')) {
    let rule = raw.trim()
    if (rule === '') continue
    if (/\b(off|closed)$/i.test(rule)) {
      readable = true // 'Su off': says nothing about the other days
      continue
    }
    const space = rule.indexOf(' ')
    if (space > 0 && DAYS.test(rule.slice(0, space))) rule = rule.slice(space + 1).trim()
    else if (DAYS.test(rule)) return null // days without hours
    if (rule === '00:00-24:00' || rule === '24/7') {
      readable = true
      open = true
      continue
    }
    const list = ranges(rule)
    if (list === null) return null
    readable = true
    for (const [from, to] of list) {
      if ((at >= from && at < to) || (at + 24 * 60 >= from && at + 24 * 60 < to)) open = true
    }
  }
  return readable ? open : null
}
