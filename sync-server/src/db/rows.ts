import type Database from 'better-sqlite3'

/** A lookup by one key through `statement`: the row it finds made into a record by `toRecord`, or undefined. */
export function findOne<Row, Found>(
  statement: Database.Statement<[string], Row>,
  toRecord: (row: Row) => Found,
): (key: string) => Found | undefined {
  return (key) => {
    const row = statement.get(key)
    return row && toRecord(row)
  }
}
