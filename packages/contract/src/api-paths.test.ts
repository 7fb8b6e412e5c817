import { describe, expect, it } from 'vitest'
import { API } from './api.ts'
import { ENDPOINTS, pathOf } from './api-paths.ts'

describe('pathOf', () => {
  it('fills and encodes the path params', () => {
    expect(pathOf('story', { id: 'a/b c' })).toBe('/stories/a%2Fb%20c')
    expect(pathOf('storyLike', { id: 'x' })).toBe('/stories/x/like/increment')
    expect(pathOf('health')).toBe('/healthz')
  })

  it('refuses a missing param rather than sending ":id"', () => {
    expect(() => pathOf('story', {} as { id: string })).toThrow(':id')
  })
})

describe('the API table', () => {
  it('has the schemas of every endpoint, with its method and path', () => {
    expect(Object.keys(API).sort()).toEqual(Object.keys(ENDPOINTS).sort())
    for (const [name, endpoint] of Object.entries(ENDPOINTS))
      expect(API[name as keyof typeof API]).toMatchObject(endpoint)
  })

  it('names each method and path once', () => {
    const routes = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`)
    expect(new Set(routes).size).toBe(routes.length)
  })
})
