import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, OWASP_ARGON2ID, REPO_ROOT } from './config.ts'

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve(REPO_ROOT, 'data'),
      regionPbf: resolve(REPO_ROOT, '../shared/data/india-mumbai-south.osm.pbf'),
      webDist: resolve(REPO_ROOT, 'web/dist'),
      logLevel: 'info',
      trustProxy: false,
      cookieSecure: 'auto',
      allowedOrigins: [],
      passwordHashCost: OWASP_ARGON2ID,
    })
    expect(config.rateLimits.login).toEqual({ max: 10, windowMs: 15 * 60_000 })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/wings',
      REGION_PBF: 'maps/pune.osm.pbf',
      WEB_DIST: '/srv/wings',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'false',
      ALLOWED_ORIGINS: 'http://localhost:5173, https://wings.example/',
    })
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/wings',
      regionPbf: resolve(REPO_ROOT, 'maps/pune.osm.pbf'),
      webDist: '/srv/wings',
      logLevel: 'warn',
      trustProxy: 1,
      cookieSecure: false,
      allowedOrigins: ['http://localhost:5173', 'https://wings.example'],
    })
  })

  it('does not require the region extract to exist', () => {
    expect(loadConfig({ REGION_PBF: '/nowhere/missing.osm.pbf' }).regionPbf).toBe('/nowhere/missing.osm.pbf')
  })

  it('fails listing every bad variable at once', () => {
    const load = () =>
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
        COOKIE_SECURE: 'sometimes',
        ALLOWED_ORIGINS: 'ftp://files.example',
      })
    expect(load).toThrowError(/PORT="eighty": must be a whole number/)
    try {
      load()
    } catch (error) {
      const message = (error as Error).message
      for (const name of ['PORT', 'LOG_LEVEL', 'TRUST_PROXY', 'COOKIE_SECURE', 'ALLOWED_ORIGINS']) {
        expect(message).toContain(`${name}=`)
      }
    }
  })

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrowError(/PORT/)
  })
})
