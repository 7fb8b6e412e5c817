/**
 * The helplines kept in the phone's database: written from the list this version of the app ships with when the
 * helplines page first opens (and rewritten when that list changes), so they show offline. Here, not in db.ts, so
 * the list is not part of the first screen's script.
 */
import { HELPLINES } from '@wings/contract'
import { db, type HelplineRow } from '../../db/db.ts'

export function helplineRows(): HelplineRow[] {
  return HELPLINES.map(({ number, name, purpose, area }, order) => ({ number, name, purpose, area, order }))
}

/** Makes sure the stored helplines match the list this version of the app ships with. */
export async function ensureHelplines(): Promise<void> {
  const rows = await db.helplines.orderBy('order').toArray()
  const expected = helplineRows()
  const same =
    rows.length === expected.length &&
    rows.every((row, i) => {
      const want = expected[i]
      return (
        row.number === want?.number && row.name === want.name && row.purpose === want.purpose && row.area === want.area
      )
    })
  if (same) return
  await db.transaction('rw', db.helplines, async () => {
    await db.helplines.clear()
    await db.helplines.bulkAdd(expected)
  })
}
