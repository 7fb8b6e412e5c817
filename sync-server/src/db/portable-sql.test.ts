// The repos of the tables PostgreSQL shares must run the same SQL on SQLite and PostgreSQL (docs/storage.md, Rules
// for portable SQL). Two guards: the source holds none of the SQLite-only (or PostgreSQL-only) forms, and every
// statement the repos prepare is accepted by PostgreSQL against its schema.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionsRepo } from '../modules/auth/repo.ts'
import { createChangesRepo } from '../modules/changes/repo.ts'
import { createChatRepo } from '../modules/chat/repo.ts'
import { createContactRepo } from '../modules/contact/repo.ts'
import { createDraftsRepo } from '../modules/drafts/repo.ts'
import { createEvidenceRepo } from '../modules/evidence/repo.ts'
import { createAlertsRepo, createGuardiansRepo } from '../modules/guardians/repo.ts'
import { createHealthRepo } from '../modules/health/repo.ts'
import { createIncidentsRepo } from '../modules/incidents/repo.ts'
import { createRatingsRepo } from '../modules/ratings/repo.ts'
import { createSavedRoutesRepo } from '../modules/saved-routes/repo.ts'
import { createSharesRepo } from '../modules/share/repo.ts'
import { createStoriesRepo } from '../modules/stories/repo.ts'
import { createAppliedOpsRepo } from '../modules/sync/repo.ts'
import { createTrustedContactsRepo } from '../modules/trusted-contacts/repo.ts'
import { createUsersRepo } from '../modules/users/repo.ts'
import { insertUserRow } from '../testing/user-rows.ts'
import { type Db, openDatabase } from './connection.ts'
import { migrate } from './migrate.ts'
import { toPostgresQuery } from './postgres-placeholders.ts'
import type { Sql } from './sql.ts'
import { openTestBackend, type TestBackend } from './sql-test-backends.ts'

const SRC = join(import.meta.dirname, '..')

/** Modules whose tables go to PostgreSQL; the region's (geocode, nearby, region, tiles, offline-area) stay in SQLite. */
const SHARED_MODULES = [
  'auth',
  'changes',
  'chat',
  'contact',
  'drafts',
  'evidence',
  'guardians',
  'health',
  'incidents',
  'predict',
  'profile',
  'ratings',
  'saved-routes',
  'share',
  'stories',
  'sync',
  'trusted-contacts',
  'users',
]
/** Test helpers that read a SQLite file as SQLite (its catalog, pragmas) or set up PostgreSQL itself. */
const SQLITE_OR_POSTGRES_HELPERS = /^(postgres.*|row-snapshots)\.ts$/
/** Test helpers that read or fill a SQLite file as such: a crash test's file, the copy tool's source. */
const NOT_ON_POSTGRES = new Set(['testing/crash-writes.ts', 'testing/guardians.ts', 'testing/shared-table-rows.ts'])

interface Rule {
  name: string
  /** Where: in a string literal (SQL) or anywhere in the code. */
  in: 'sql' | 'code'
  pattern: RegExp
}

const RULES: Rule[] = [
  { name: 'INSERT OR IGNORE/REPLACE (use ON CONFLICT)', in: 'sql', pattern: /\bINSERT\s+OR\s+(IGNORE|REPLACE)\b/i },
  { name: 'REPLACE INTO (use ON CONFLICT ... DO UPDATE)', in: 'sql', pattern: /\bREPLACE\s+INTO\b/i },
  { name: 'rowid (use a column)', in: 'sql', pattern: /\b(_?rowid_?|oid)\b/i },
  { name: 'IFNULL (use COALESCE)', in: 'sql', pattern: /\bIFNULL\s*\(/i },
  { name: 'two-argument min/max (use CASE)', in: 'sql', pattern: /\b(min|max)\s*\([^()]*,/i },
  {
    name: 'LIKE without lower() (ASCII case differs)',
    in: 'sql',
    pattern: /(?<!lower\([^()]*\)\s+(NOT\s+)?)\bLIKE\b/i,
  },
  { name: 'ILIKE, GLOB or REGEXP (one backend only)', in: 'sql', pattern: /\b(ILIKE|GLOB|REGEXP)\b/i },
  {
    name: "the database's clock (use a time from JavaScript)",
    in: 'sql',
    pattern:
      /(?<![@:$.\w])(datetime|julianday|strftime|unixepoch|now|date|time)\s*\(|\bcurrent_(timestamp|date|time)\b/i,
  },
  {
    name: 'a function of one backend only',
    in: 'sql',
    pattern: /\b(randomblob|hmac_sha256|total|group_concat|printf)\s*\(/i,
  },
  { name: 'a boolean literal (yes/no columns are 0/1)', in: 'sql', pattern: /(?<![@:$.\w])(true|false)\b/i },
  { name: "PostgreSQL's own syntax (::casts, $1)", in: 'sql', pattern: /::\w|\$\d/ },
  {
    name: 'an unquoted camelCase name (PostgreSQL folds it to lower case: quote it)',
    in: 'sql',
    pattern: /(?<![@"\w.])[a-z]+[A-Z]\w*\b(?!")/,
  },
  { name: '.pluck() (read the column from the row)', in: 'code', pattern: /\.pluck\(/ },
  { name: 'lastInsertRowid (use RETURNING)', in: 'code', pattern: /\blastInsertRowid\b/ },
  { name: 'a SQLite error code (use isUniqueViolation)', in: 'code', pattern: /['"`]SQLITE_[A-Z_]+['"`]/ },
]

/** Where the literal or comment starting at `i` ends (the index after it); templates skip their `${}` expressions. */
function skipLiteral(source: string, i: number, found: { text: string; at: number }[]): number {
  const quote = source[i]
  let text = ''
  let j = i + 1
  while (j < source.length && source[j] !== quote) {
    if (source[j] === '\\') {
      text += source.slice(j, j + 2)
      j += 2
    } else if (quote === '`' && source.startsWith('${', j)) {
      const end = skipCode(source, j + 2, found)
      text += ' '.repeat(end - j)
      j = end
    } else text += source[j++]
  }
  found.push({ text, at: i + 1 })
  return j + 1
}

/** Scans code from `i` up to its unmatched `}` (returns the index after it) or the end, collecting literals. */
function skipCode(source: string, i: number, found: { text: string; at: number }[]): number {
  let depth = 0
  while (i < source.length) {
    const c = source[i]
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i)
      i = end === -1 ? source.length : end
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2)
      i = end === -1 ? source.length : end + 2
    } else if (c === "'" || c === '"' || c === '`') i = skipLiteral(source, i, found)
    else if (c === '{') {
      depth++
      i++
    } else if (c === '}') {
      if (depth-- === 0) return i + 1
      i++
    } else i++
  }
  return i
}

/** The string literals of a TypeScript source, each with the offset it starts at (`${}` in templates blanked). */
function stringLiterals(source: string): { text: string; at: number }[] {
  const found: { text: string; at: number }[] = []
  for (let i = 0; i < source.length; ) i = skipCode(source, i, found)
  return found
}

/** A literal is taken as SQL when it has a keyword in capitals (messages to people do not). */
const LOOKS_LIKE_SQL =
  /\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|SET|VALUES|ORDER BY|IS (NOT )?NULL|AND|OR|ON CONFLICT)\b/

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length

/** Every break of the rules in `source`, as `file:line: rule`. */
function portabilityProblems(file: string, source: string): string[] {
  const problems: string[] = []
  const report = (rule: Rule, at: number) => problems.push(`${file}:${lineAt(source, at)}: ${rule.name}`)
  for (const rule of RULES.filter((r) => r.in === 'code')) {
    for (const match of source.matchAll(new RegExp(rule.pattern, 'g'))) report(rule, match.index)
  }
  for (const literal of stringLiterals(source).filter((l) => LOOKS_LIKE_SQL.test(l.text))) {
    // Quoted SQL strings are values, not SQL: blanked, keeping offsets.
    const lines = literal.text.replace(/'[^']*'/g, (quoted) => ' '.repeat(quoted.length)).split('\n')
    let offset = literal.at
    for (const line of lines) {
      for (const rule of RULES.filter((r) => r.in === 'sql')) {
        const match = rule.pattern.exec(line)
        if (match) report(rule, offset + match.index)
      }
      offset += line.length + 1
    }
  }
  return problems
}

function sharedSources(): { file: string; source: string }[] {
  const files = [
    ...SHARED_MODULES.flatMap((module) =>
      readdirSync(join(SRC, 'modules', module), { recursive: true, encoding: 'utf8' }).map((name) =>
        join(SRC, 'modules', module, name),
      ),
    ),
    ...readdirSync(join(SRC, 'testing'))
      .filter((name) => !SQLITE_OR_POSTGRES_HELPERS.test(name))
      .map((name) => join(SRC, 'testing', name)),
  ].filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  return files.map((file) => ({ file: relative(SRC, file), source: readFileSync(file, 'utf8') }))
}

describe('portable SQL in the shared repos', () => {
  it('finds the constructs it bans, with file and line', () => {
    const source = [
      "db.prepare('REPLACE INTO changes (a) VALUES (?)')",
      'const x = Math.min(a, b) // max(a, b) in a comment is not SQL',
      'db.prepare(`SELECT id FROM t\n  WHERE name LIKE ? ORDER BY rowid`).pluck()',
      'db.prepare("SELECT 1 FROM t WHERE lower(name) LIKE ? AND at < datetime(\'now\')")',
      "if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') return",
      "db.prepare('SELECT created_at AS createdAt FROM t WHERE a = ? AND flag = TRUE')",
    ].join('\n')
    expect(portabilityProblems('x.ts', source).sort()).toEqual(
      [
        'x.ts:1: REPLACE INTO (use ON CONFLICT ... DO UPDATE)',
        'x.ts:4: .pluck() (read the column from the row)',
        'x.ts:4: LIKE without lower() (ASCII case differs)',
        'x.ts:4: rowid (use a column)',
        "x.ts:5: the database's clock (use a time from JavaScript)",
        'x.ts:6: a SQLite error code (use isUniqueViolation)',
        'x.ts:7: an unquoted camelCase name (PostgreSQL folds it to lower case: quote it)',
        'x.ts:7: a boolean literal (yes/no columns are 0/1)',
      ].sort(),
    )
  })

  it('passes portable forms', () => {
    const source = `db.prepare(\`INSERT INTO t (a, b) VALUES (@a, @b) ON CONFLICT (a) DO UPDATE SET b = excluded.b\`)
      db.prepare('SELECT COALESCE(max(seq), 0) AS top, CASE WHEN a < b THEN a ELSE b END AS least FROM t')
      db.prepare('SELECT id, created_at AS "createdAt" FROM t WHERE lower(name) LIKE ? ORDER BY at NULLS FIRST')
      db.prepare('UPDATE t SET a = @newValue WHERE id = @id AND at < @now')
      const at = now().toISOString()`
    expect(portabilityProblems('y.ts', source)).toEqual([])
  })

  it('holds for every shared module and test helper', () => {
    const sources = sharedSources()
    expect(sources.length).toBeGreaterThan(40)
    expect(sources.flatMap(({ file, source }) => portabilityProblems(file, source))).toEqual([])
  })
})

/** Each file that prepares SQL on shared tables, and a call that makes it prepare all of its statements. */
const PREPARERS: Record<string, (db: Db) => unknown> = {
  'modules/auth/repo.ts': createSessionsRepo,
  'modules/changes/repo.ts': createChangesRepo,
  'modules/chat/repo.ts': createChatRepo,
  'modules/contact/repo.ts': createContactRepo,
  'modules/drafts/repo.ts': createDraftsRepo,
  'modules/evidence/repo.ts': createEvidenceRepo,
  'modules/guardians/repo.ts': (db) => [createGuardiansRepo(db), createAlertsRepo(db)],
  'modules/health/repo.ts': createHealthRepo,
  'modules/incidents/repo.ts': createIncidentsRepo,
  'modules/ratings/repo.ts': createRatingsRepo,
  'modules/saved-routes/repo.ts': createSavedRoutesRepo,
  'modules/share/repo.ts': createSharesRepo,
  'modules/stories/repo.ts': createStoriesRepo,
  'modules/sync/repo.ts': createAppliedOpsRepo,
  'modules/trusted-contacts/repo.ts': createTrustedContactsRepo,
  'modules/users/repo.ts': createUsersRepo,
  'testing/user-rows.ts': (db) => insertUserRow(db, { id: 'u1' }),
}

/** `db`, recording the text of every statement prepared through it. */
function recording(db: Db, texts: string[]): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare')
        return (text: string) => {
          texts.push(text)
          return target.prepare(text)
        }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The statement with PostgreSQL's `$n` placeholders, whatever its values would be. */
function withPostgresPlaceholders(text: string): string {
  const anyName = new Proxy({}, { getOwnPropertyDescriptor: () => ({ value: null, configurable: true }) })
  try {
    return toPostgresQuery(text, anyName).text
  } catch {
    for (let count = 0; ; count++) {
      try {
        return toPostgresQuery(text, Array(count).fill(null)).text
      } catch (error) {
        if (count > 100) throw error
      }
    }
  }
}

describe('the shared repos on PostgreSQL', () => {
  let dir: string
  let sqlite: Db
  let postgres: TestBackend
  let pg: Sql

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wings-portable-'))
    sqlite = openDatabase(join(dir, 'wings.db'))
    migrate(sqlite)
    postgres = await openTestBackend('postgres', { migrated: true })
    pg = postgres.sql
  })
  afterAll(async () => {
    sqlite.close()
    rmSync(dir, { recursive: true, force: true })
    await postgres.close()
  })

  it('knows every source file that prepares SQL on shared tables', () => {
    const preparing = sharedSources()
      .filter(({ source }) => /\bdb\s*\.\s*prepare\b|\bdb\s*\n?\s*\.prepare\b/.test(source))
      .map(({ file }) => file)
      .filter((file) => !NOT_ON_POSTGRES.has(file))
    expect(preparing.sort()).toEqual(Object.keys(PREPARERS).sort())
  })

  it('has every statement of theirs accepted by PostgreSQL against its schema', async () => {
    const refused: string[] = []
    let prepared = 0
    for (const [file, prepare] of Object.entries(PREPARERS)) {
      const texts: string[] = []
      prepare(recording(sqlite, texts))
      expect(texts.length, file).toBeGreaterThan(0)
      for (const text of texts) {
        try {
          await pg.exec(`PREPARE portable_${++prepared} AS ${withPostgresPlaceholders(text)}`)
        } catch (error) {
          refused.push(`${file}: ${(error as Error).message}\n  ${text.replace(/\s+/g, ' ')}`)
        }
      }
    }
    expect(refused).toEqual([])
    expect(prepared).toBeGreaterThan(120)
  })
})
