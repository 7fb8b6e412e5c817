import { describe, expect, it } from 'vitest'
import { toPostgresQuery } from './postgres-placeholders.ts'

describe('toPostgresQuery', () => {
  it('numbers ? placeholders in order', () => {
    expect(toPostgresQuery('SELECT * FROM t WHERE a = ? AND b > ? LIMIT ?', ['x', 1, 5])).toEqual({
      text: 'SELECT * FROM t WHERE a = $1 AND b > $2 LIMIT $3',
      values: ['x', 1, 5],
    })
    expect(toPostgresQuery('SELECT 1')).toEqual({ text: 'SELECT 1', values: [] })
  })

  it('numbers @names in order of first use, one value for a name used twice', () => {
    const query = toPostgresQuery('INSERT INTO d (id, created_at, updated_at, n) VALUES (@id, @at, @at, @n_2)', {
      n_2: 3,
      at: 'now',
      id: 'd1',
      unused: 'ignored',
    })
    expect(query).toEqual({
      text: 'INSERT INTO d (id, created_at, updated_at, n) VALUES ($1, $2, $2, $3)',
      values: ['d1', 'now', 3],
    })
    expect(toPostgresQuery('SELECT @a', { a: undefined }).values).toEqual([undefined])
  })

  it('leaves strings, quoted identifiers, comments and operators alone', () => {
    const text = `SELECT 'a?b', 'it''s @x?', "col?" , x::text, j @> '{}' -- what ?
      /* @y and ? */ FROM t WHERE c = ?`
    expect(toPostgresQuery(text, [1]).text).toBe(text.replace('c = ?', 'c = $1'))
  })

  it('refuses a statement mixing both kinds', () => {
    expect(() => toPostgresQuery('SELECT ? , @a', [1])).toThrow(/not both/)
  })

  it('refuses values that do not fit the placeholders, as better-sqlite3 does', () => {
    expect(() => toPostgresQuery('SELECT ?, ?', [1])).toThrow(new RangeError('Too few parameter values were provided'))
    expect(() => toPostgresQuery('SELECT ?', [1, 2])).toThrow(new RangeError('Too many parameter values were provided'))
    expect(() => toPostgresQuery('SELECT @a, @b', { a: 1 })).toThrow(new RangeError('Missing named parameter "b"'))
    expect(() => toPostgresQuery('SELECT @a', [1])).toThrow(RangeError)
    expect(() => toPostgresQuery('SELECT ?', { a: 1 })).toThrow(RangeError)
    // Inherited keys are not values.
    expect(() => toPostgresQuery('SELECT @toString', {})).toThrow(/Missing named parameter/)
  })
})
