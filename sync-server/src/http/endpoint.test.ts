import { API, type EndpointName } from '@wings/contract'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { endpoint } from './endpoint.ts'

/** The /api routes that answer something other than JSON, so are not in the API table. */
const NOT_JSON = ['GET /api/tiles/:z/:x/:file', 'GET /api/evidence/:id/audio']

const key = (method: string, url: string) => `${method} ${url}`
const names = Object.keys(API) as EndpointName[]

/** Every /api route the app registers by `METHOD url` (HEAD, which Fastify adds for each GET, left out). */
const registered = new Map<string, RouteOptions>()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onCreate: (app) =>
        app.addHook('onRoute', (route) => {
          for (const method of [route.method].flat())
            if (method !== 'HEAD' && route.url.startsWith('/api/')) registered.set(key(method, route.url), route)
        }),
    },
  )
  await t.app.ready()
})
afterAll(() => t.close())

describe('the routes and the API table', () => {
  it('registers exactly the JSON endpoints of the table, and the files it names', () => {
    const table = names.map((name) => key(API[name].method, `/api${API[name].path}`))
    expect([...registered.keys()].sort()).toEqual([...table, ...NOT_JSON].sort())
  })

  it.each(names)('validates %s with its schemas from the table', (name) => {
    const { schema } = endpoint(API[name])
    const route = registered.get(key(API[name].method, `/api${API[name].path}`))?.schema ?? {}
    for (const part of ['params', 'querystring', 'body'] as const) expect(route[part], part).toBe(schema[part])
    const response = route.response as Record<string, unknown>
    expect(Object.keys(response).sort()).toEqual(Object.keys(schema.response).sort())
    for (const [status, answer] of Object.entries(schema.response)) expect(response[status], status).toBe(answer)
  })
})

describe('endpoint', () => {
  it("turns a table entry into Fastify's method, url and schema", () => {
    expect(endpoint(API.story)).toEqual({
      method: 'GET',
      url: '/stories/:id',
      schema: { params: API.story.params, response: { 200: API.story.response } },
    })
    expect(endpoint(API.storiesFeed).schema).toEqual({
      querystring: API.storiesFeed.query,
      response: { 200: API.storiesFeed.response },
    })
  })

  it('answers at the success statuses the table names', () => {
    expect(endpoint(API.signup).schema).toEqual({ body: API.signup.body, response: { 201: API.signup.response } })
    expect(Object.keys(endpoint(API.sos).schema.response)).toEqual(['202'])
    expect(Object.keys(endpoint(API.trustedContactSave).schema.response).sort()).toEqual(['200', '201'])
  })
})
