import { describe, expect, it, vi } from 'vitest'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import type { Db } from './db/connection.ts'
import { freshApp } from './testing/fresh-app.ts'
import { signedIn } from './testing/test-app.ts'

describe('the app and its storage', () => {
  it('exposes the query layer on the connection its repos write through', async () => {
    let db: Db | undefined
    const t = await freshApp({}, { database: (opened) => (db = opened) })
    expect(t.app.sql).toBe(t.sql)
    await t.sql.transaction(async () => expect(db?.inTransaction).toBe(true))
    expect(t.sql.dialect).toBe('sqlite')
    expect(await t.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 0 })
    await signedIn(t.app)
    expect(await t.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 1 })
  })

  it('closes its database once, when the app closes', async () => {
    let db: Db | undefined
    let close: ReturnType<typeof vi.spyOn> | undefined
    const t = await freshApp(
      {},
      {
        database: (opened) => {
          db = opened
          close = vi.spyOn(opened, 'close')
        },
      },
    )
    expect(db?.open).toBe(true)
    await t.app.close()
    expect(close).toHaveBeenCalledTimes(1)
    expect(db?.open).toBe(false)
    await expect(t.sql.get('SELECT 1')).rejects.toThrow()
  })

  it('refuses DATABASE_URL until PostgreSQL is wired in', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://wings@127.0.0.1:5432/wings', DATA_DIR: '/nonexistent' })
    await expect(buildApp(config)).rejects.toThrow('DATABASE_URL is set')
  })
})
