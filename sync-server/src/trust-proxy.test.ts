import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { freshApp } from './testing/fresh-app.ts'
import type { TestApp } from './testing/test-app.ts'
import { fastifyTrustProxy } from './trust-proxy.ts'

let t: TestApp

const PROXY = '10.0.0.2'
const CLIENT = '203.0.113.7'

/** A server behind TRUST_PROXY=`setting` whose /api limit is 2 requests per IP. */
async function behind(setting: string) {
  const config = loadConfig({ TRUST_PROXY: setting })
  t = await freshApp({
    trustProxy: config.trustProxy,
    rateLimits: { ...config.rateLimits, api: { max: 2, windowMs: 60_000 } },
  })
}

const health = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    url: '/api/healthz',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  })

describe('TRUST_PROXY', () => {
  it.each(['1', 'true', PROXY, '10.0.0.0/8, 192.168.1.1'])(
    '%s: a client behind the proxy is counted as her real address, whatever she writes in X-Forwarded-For',
    async (setting) => {
      await behind(setting)
      // She writes a new address each time; the proxy appends the one she really came from.
      for (const forged of ['198.51.100.1', '198.51.100.2']) {
        expect((await health(PROXY, `${forged}, ${CLIENT}`)).statusCode).toBe(200)
      }
      const third = await health(PROXY, `198.51.100.3, 192.0.2.4, ${CLIENT}`)
      expect(third.statusCode).toBe(429)
      // Another real client behind the same proxy has a count of her own.
      expect((await health(PROXY, '203.0.113.8')).statusCode).toBe(200)
    },
  )

  it('with a list, believes no X-Forwarded-For from a peer that is not one of the proxies', async () => {
    await behind(PROXY)
    expect((await health(CLIENT, '198.51.100.1')).statusCode).toBe(200)
    expect((await health(CLIENT, '198.51.100.2')).statusCode).toBe(200)
    expect((await health(CLIENT, '198.51.100.3')).statusCode).toBe(429)
  })

  it('false (the default) believes no X-Forwarded-For at all', async () => {
    await behind('false')
    expect((await health(CLIENT, '198.51.100.1')).statusCode).toBe(200)
    expect((await health(CLIENT, '198.51.100.2')).statusCode).toBe(200)
    expect((await health(CLIENT, '198.51.100.3')).statusCode).toBe(429)
  })

  it('is read as false, a number of proxies, or a list of addresses and ranges', () => {
    const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy
    expect(loadConfig({}).trustProxy).toBe(false)
    for (const value of ['false', 'off', '0']) expect(read(value)).toBe(false)
    for (const value of ['true', 'yes', '1']) expect(read(value)).toBe(1)
    expect(read('2')).toBe(2)
    expect(read(' 127.0.0.1, ::1 ,10.0.0.0/8,fd00::/8, loopback ')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ])
  })

  it.each([
    ['maybe', 'maybe is not an IP address or CIDR range'],
    ['10.0.0.300', '10.0.0.300 is not an IP address or CIDR range'],
    ['10.0.0.0/33', '10.0.0.0/33 is not an IP address or CIDR range'],
    ['127.0.0.1, proxy.example', 'proxy.example is not an IP address or CIDR range'],
    [',', 'no address'],
    ['11', 'must be at most 10 proxies'],
  ])('stops the server on TRUST_PROXY=%s, naming the variable', (value, problem) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(`TRUST_PROXY=${JSON.stringify(value)}: ${problem}`)
  })

  it('hands Fastify a hop count as a function, since Fastify takes a bare number as "trust nobody"', () => {
    expect(fastifyTrustProxy(false)).toBe(false)
    expect(fastifyTrustProxy(['10.0.0.2'])).toEqual(['10.0.0.2'])
    const twoHops = fastifyTrustProxy(2)
    if (typeof twoHops !== 'function') throw new Error('a hop count must become a function')
    expect([0, 1, 2].map((hop) => twoHops('192.0.2.1', hop))).toEqual([true, true, false])
  })
})
