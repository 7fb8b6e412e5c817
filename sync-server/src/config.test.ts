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

describe('the guardians variables', () => {
  it('default to no e-mail, the browsers’ push services, and the local address', () => {
    expect(loadConfig({})).toMatchObject({
      publicUrl: 'http://localhost:8080',
      smtpUrl: null,
      smtpFrom: 'Wings <wings@localhost>',
      pushServiceOrigins: [
        'https://fcm.googleapis.com',
        'https://updates.push.services.mozilla.com',
        'https://web.push.apple.com',
        'https://*.notify.windows.com',
      ],
    })
  })

  it('reads PUBLIC_URL, SMTP_URL, SMTP_FROM and PUSH_SERVICE_ORIGINS', () => {
    expect(
      loadConfig({
        PUBLIC_URL: 'https://wings.example.org/app/',
        SMTP_URL: 'smtps://alerts:s3cret@mail.example.org:465',
        SMTP_FROM: 'Wings alerts <alerts@example.org>',
        PUSH_SERVICE_ORIGINS: 'https://fcm.googleapis.com, https://*.push.example.org, http://127.0.0.1:9000/',
      }),
    ).toMatchObject({
      publicUrl: 'https://wings.example.org/app',
      smtpUrl: 'smtps://alerts:s3cret@mail.example.org:465',
      smtpFrom: 'Wings alerts <alerts@example.org>',
      pushServiceOrigins: ['https://fcm.googleapis.com', 'https://*.push.example.org', 'http://127.0.0.1:9000'],
      // The e-mails' default sender is on the public address's host.
    })
    expect(loadConfig({ PUBLIC_URL: 'https://wings.example.org' }).smtpFrom).toBe('Wings <wings@wings.example.org>')
  })

  it('names every bad one, and never quotes the SMTP password', () => {
    let message = ''
    try {
      loadConfig({
        PUBLIC_URL: 'wings.example.org',
        SMTP_URL: 'https://alerts:s3cret@mail.example.org',
        SMTP_FROM: 'not an address',
        PUSH_SERVICE_ORIGINS: 'https://fcm.googleapis.com/fcm/send',
      })
    } catch (error) {
      message = (error as Error).message
    }
    for (const name of ['PUBLIC_URL=', 'SMTP_URL must', 'SMTP_FROM=', 'PUSH_SERVICE_ORIGINS='])
      expect(message).toContain(name)
    expect(message).not.toContain('s3cret')
    for (const origins of [
      'ftp://push.example.org',
      'https://user@push.example.org',
      ' , ',
      'https://*',
      'https://*.com',
    ]) {
      expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: origins }), origins).toThrowError(/PUSH_SERVICE_ORIGINS/)
    }
  })
})

describe('DATABASE_URL', () => {
  it('is unset by default: SQLite in DATA_DIR', () => {
    expect(loadConfig({}).databaseUrl).toBeNull()
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeNull()
  })

  it('takes a postgres:// or postgresql:// URL with a host or a socket folder, and a database', () => {
    for (const url of [
      'postgres://wings:s3cret@db.example.org:5432/wings',
      'postgresql://wings@127.0.0.1/wings?sslmode=require',
      'postgres://[::1]:5433/wings',
      'postgresql:///wings?host=/var/run/postgresql',
    ]) {
      expect(loadConfig({ DATABASE_URL: ` ${url} ` }).databaseUrl, url).toBe(url)
    }
  })

  it('refuses anything else, naming the variable and never quoting the URL (it may hold a password)', () => {
    for (const url of [
      'mysql://wings:s3cret@db.example.org/wings',
      'db.example.org/wings',
      'postgres://wings:s3cret@db.example.org',
      'postgres://wings:s3cret@db.example.org/',
      'postgres://wings:s3cret@db.example.org/wings/extra',
      'postgres:///wings',
      'postgres://wings:s3cret@/wings',
      'sqlite:///var/lib/wings/wings.db',
    ]) {
      let message = ''
      try {
        loadConfig({ DATABASE_URL: url })
      } catch (error) {
        message = (error as Error).message
      }
      expect(message, url).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/)
      expect(message, url).not.toContain('s3cret')
    }
  })

  it('is listed with the other bad variables', () => {
    expect(() => loadConfig({ DATABASE_URL: 'wings.db', PORT: 'eighty' })).toThrowError(
      /PORT="eighty".*\n.*DATABASE_URL/,
    )
  })
})
