import { isIP } from 'node:net'
import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_TILE_URL, INCIDENT_RATE_LIMIT_PER_HOUR, ROUTE_RATE_LIMIT_PER_HOUR } from '@wings/contract'

/** The monorepo root: defaults and relative paths are taken from here, whichever directory the server starts in. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface RateLimit {
  max: number
  windowMs: number
}

export interface PasswordHashCost {
  /** KiB of memory per hash. */
  memoryCost: number
  /** Passes over that memory. */
  timeCost: number
  parallelism: number
}

/** An OpenAI-compatible chat endpoint that phrases Saathi's answers (docs/chat.md). */
export interface AssistantLlmConfig {
  /** The chat completions URL itself, e.g. http://127.0.0.1:8081/v1/chat/completions. */
  url: string
  /** Sent as `model` when set (some servers need one, e.g. Ollama). */
  model: string | null
  /** Sent as `Authorization: Bearer <key>` when set. */
  key: string | null
  /** After this long the engine's own answer is used (8 s; tests shorten it). */
  timeoutMs: number
}

/** How long Saathi waits for the language model before answering with the engine's text. */
export const ASSISTANT_LLM_TIMEOUT_MS = 8000

/**
 * The browsers' push services (Chrome, Firefox, Safari, Edge): the only origins a guardian's push subscription may
 * name, so the server never posts to an address a stranger chose (docs/guardians.md). `*.` stands for one or more
 * labels of a host name.
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const

export interface Config {
  port: number
  host: string
  /** Holds the SQLite database `wings.db` and the imported region (`region/`: road graph, safety features). */
  dataDir: string
  /**
   * A PostgreSQL URL (postgres:// or postgresql://, with a host or a `host=` socket folder, and a database): the
   * shared database of several instances (#29); null: SQLite in dataDir.
   */
  databaseUrl: string | null
  /** The OpenStreetMap extract a later import reads; it may not exist yet. */
  regionPbf: string
  /** The built PWA. */
  webDist: string
  /**
   * The map's tile URL template ({z}/{x}/{y}): the server's own region tiles by default, or a public basemap
   * (then its attribution must be shown as well).
   */
  tileUrl: string
  logLevel: LogLevel
  /** Whose X-Forwarded-* headers (client IP, https) to believe: see TrustProxy. */
  trustProxy: TrustProxy
  /** 'auto': Secure cookies when the request came over https. */
  cookieSecure: boolean | 'auto'
  /** Origins besides the server's own that may send state-changing requests (e.g. a dev server). */
  allowedOrigins: string[]
  bodyLimit: number
  /** POST /api/sync/push carries up to 200 queued ops, so it may be larger than other bodies. */
  pushBodyLimit: number
  rateLimits: {
    /** Every /api route without a stricter limit of its own, per IP. */
    api: RateLimit
    /** Login attempts per IP and e-mail; a successful login starts the count again. */
    login: RateLimit
    /**
     * Login attempts per e-mail from every IP together (guessing spread over many addresses), known account or not; a
     * successful login starts the count again. A window, so nobody can lock her out for longer than it.
     */
    loginEmail: RateLimit
    /** Signups per IP: a short window, high enough for a classroom behind one carrier NAT or Wi-Fi. */
    signup: RateLimit
    /** Contact messages per IP, from the form and from pushed 'contact.send' ops together. */
    contact: RateLimit
    /** POST /api/sync/push per IP. */
    syncPush: RateLimit
    /** Story reports per user, from the REST route and pushed 'story.report' ops together. */
    report: RateLimit
    /** POST /api/route/find per IP (open to visitors; each search costs milliseconds of CPU). */
    routeFind: RateLimit
    /** Incident reports per IP (kept in memory only), from POST /api/incidents and 'incident.report' ops together. */
    incident: RateLimit
    /** Route ratings per IP (in memory only), from POST /api/route/rate and 'route.rate' ops together. */
    routeRate: RateLimit
    /** Shares (not SOS) per account, or per device when signed out (docs/live-location.md). */
    share: RateLimit
    /**
     * Safety net per IP, counted apart for SOS and other shares: far above what one carrier NAT sends, it only
     * stops a script (an SOS share is never refused by any other limit).
     */
    shareIp: RateLimit
    /**
     * Each of POST /api/share/:token/position, /checkin and /safe per share (positions come every few seconds): not
     * per IP, so that women sharing behind one carrier NAT never use up each other's updates.
     */
    sharePosition: RateLimit
    /** Refused share updates (unknown token, wrong write key, ended) per IP: what stops a script guessing tokens. */
    shareUpdateFailures: RateLimit
    /**
     * Messages to Saathi per IP (in memory only), from POST /api/chat/message/send and 'chat.send' ops together; a
     * new guest conversation counts as one.
     */
    chat: RateLimit
    /** Guardian invitations per user (in memory only). */
    guardianInvite: RateLimit
    /** Alerts to her guardians per user (in memory only): SOS over REST and 'sos.alert' ops, and "she started sharing". */
    guardianAlert: RateLimit
    /** Confirmation e-mails per guardian (in memory only): an invitation link cannot be used to flood an address. */
    guardianEmail: RateLimit
    /** Evidence chunks per session (PUT /api/evidence/:id/chunks/:seq): a recording made offline catches up in minutes. */
    evidenceChunk: RateLimit
  }
  /** Optional: a language model phrasing Saathi's answers; null answers with the embedded engine's text only. */
  assistantLlm: AssistantLlmConfig | null
  /** Where people reach the app (no trailing slash): the links in guardians' e-mails are made from it. */
  publicUrl: string
  /** The SMTP server guardians' e-mails go through (smtp:// or smtps://, credentials inside); null: no e-mail alerts. */
  smtpUrl: string | null
  /** The From of those e-mails. */
  smtpFrom: string
  /** Origins a push subscription's endpoint may have (DEFAULT_PUSH_SERVICE_ORIGINS; `https://*.host` patterns). */
  pushServiceOrigins: string[]
  passwordHashCost: PasswordHashCost
}

const MINUTE = 60_000

/**
 * argon2id at OWASP's recommended minimum (Password Storage Cheat Sheet): 19 MiB of memory, 2 passes,
 * 1 lane. Memory-hard, so GPU guessing stays expensive, yet about 10 ms per check on these machines.
 */
export const OWASP_ARGON2ID: PasswordHashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/**
 * Whose X-Forwarded-For/-Proto/-Host to believe. false: nobody, the client is the TCP peer. A number: that many
 * proxies in front (the client is that many entries from the right of X-Forwarded-For, so what a client writes to
 * the left is ignored); safe only when the server cannot be reached except through them. A list: only peers with
 * these addresses or CIDR ranges are proxies. `true` (kept for old settings and tests) is one proxy, as 1.
 */
export type TrustProxy = boolean | number | readonly string[]

type Env = Record<string, string | undefined>

/** Reads the configuration from the environment, or throws one error naming every bad variable. */
export function loadConfig(env: Env): Config {
  const problems: string[] = []
  const read = <T>(name: string, fallback: T, parse: (raw: string) => T): T => {
    const raw = env[name]?.trim()
    if (raw === undefined || raw === '') return fallback
    try {
      return parse(raw)
    } catch (error) {
      problems.push(`${name}=${JSON.stringify(raw)}: ${(error as Error).message}`)
      return fallback
    }
  }
  const path = (raw: string) => (isAbsolute(raw) ? raw : resolve(REPO_ROOT, raw))

  const config: Config = {
    port: read('PORT', 8080, parsePort),
    host: read('HOST', '0.0.0.0', (raw) => raw),
    dataDir: read('DATA_DIR', resolve(REPO_ROOT, 'data'), path),
    // The URL may hold a password: a bad value is named, never quoted (problems below).
    databaseUrl: null,
    regionPbf: read('REGION_PBF', resolve(REPO_ROOT, '../shared/data/india-mumbai-south.osm.pbf'), path),
    webDist: read('WEB_DIST', resolve(REPO_ROOT, 'web/dist'), path),
    tileUrl: read('TILE_URL', DEFAULT_TILE_URL, parseTileUrl),
    logLevel: read('LOG_LEVEL', 'info', parseLogLevel),
    trustProxy: read<TrustProxy>('TRUST_PROXY', false, parseTrustProxy),
    cookieSecure: read<boolean | 'auto'>('COOKIE_SECURE', 'auto', (raw) =>
      raw === 'auto' ? 'auto' : parseBoolean(raw),
    ),
    allowedOrigins: read<string[]>('ALLOWED_ORIGINS', [], parseOrigins),
    bodyLimit: 64 * 1024,
    pushBodyLimit: 1024 * 1024,
    rateLimits: {
      api: { max: 600, windowMs: MINUTE },
      login: { max: 10, windowMs: 15 * MINUTE },
      loginEmail: { max: 20, windowMs: 15 * MINUTE },
      signup: { max: 60, windowMs: 10 * MINUTE },
      contact: { max: 5, windowMs: 10 * MINUTE },
      syncPush: { max: 120, windowMs: MINUTE },
      report: { max: 10, windowMs: 60 * MINUTE },
      routeFind: { max: 120, windowMs: MINUTE },
      incident: { max: INCIDENT_RATE_LIMIT_PER_HOUR, windowMs: 60 * MINUTE },
      routeRate: { max: ROUTE_RATE_LIMIT_PER_HOUR, windowMs: 60 * MINUTE },
      share: { max: 20, windowMs: 60 * MINUTE },
      shareIp: { max: 1000, windowMs: 60 * MINUTE },
      sharePosition: { max: 60, windowMs: MINUTE },
      shareUpdateFailures: { max: 100, windowMs: MINUTE },
      chat: { max: 30, windowMs: MINUTE },
      guardianInvite: { max: 20, windowMs: 60 * MINUTE },
      guardianAlert: { max: 20, windowMs: 60 * MINUTE },
      guardianEmail: { max: 5, windowMs: 60 * MINUTE },
      evidenceChunk: { max: 300, windowMs: MINUTE },
    },
    assistantLlm: null,
    passwordHashCost: OWASP_ARGON2ID,
    publicUrl: read('PUBLIC_URL', 'http://localhost:8080', parsePublicUrl),
    // The URL holds the SMTP password: a bad value is named, never quoted (problems below).
    smtpUrl: null,
    smtpFrom: '',
    pushServiceOrigins: read<string[]>('PUSH_SERVICE_ORIGINS', [...DEFAULT_PUSH_SERVICE_ORIGINS], parsePushOrigins),
  }
  const databaseUrl = env.DATABASE_URL?.trim()
  if (databaseUrl) {
    if (isPostgresUrl(databaseUrl)) config.databaseUrl = databaseUrl
    else
      problems.push(
        'DATABASE_URL must be a postgres:// or postgresql:// URL with a host (or ?host=/socket/folder) and a database name, e.g. postgres://wings:password@db.example.org:5432/wings',
      )
  }
  const smtpUrl = env.SMTP_URL?.trim()
  if (smtpUrl) {
    const url = URL.parse(smtpUrl)
    if (url && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '') config.smtpUrl = url.href
    else problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.org')
  }
  config.smtpFrom = read('SMTP_FROM', `Wings <wings@${new URL(config.publicUrl).hostname}>`, parseMailbox)
  const llmUrl = read<string | null>('ASSISTANT_LLM_URL', null, parseHttpUrl)
  const llmModel = read<string | null>('ASSISTANT_LLM_MODEL', null, (raw) => raw)
  const llmKey = read<string | null>('ASSISTANT_LLM_KEY', null, (raw) => raw)
  if (llmUrl !== null) {
    config.assistantLlm = { url: llmUrl, model: llmModel, key: llmKey, timeoutMs: ASSISTANT_LLM_TIMEOUT_MS }
  } else {
    for (const [name, value] of [
      ['ASSISTANT_LLM_MODEL', llmModel],
      ['ASSISTANT_LLM_KEY', llmKey],
    ] as const) {
      // The key's value is a secret: named, never quoted.
      if (value !== null) problems.push(`${name} is set but ASSISTANT_LLM_URL is not`)
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  return config
}

/** What pg can connect with: a host (or a unix socket folder as `?host=/run/postgresql`) and a database name. */
function isPostgresUrl(raw: string): boolean {
  const url = URL.parse(raw)
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) return false
  const host = url.hostname !== '' || (url.searchParams.get('host') ?? '') !== ''
  const database = /^\/[^/]+$/.test(url.pathname)
  return host && database
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65_535) throw new Error('must be a whole number from 0 to 65535')
  return Number(raw)
}

function parseLogLevel(raw: string): LogLevel {
  const level = LOG_LEVELS.find((l) => l === raw)
  if (!level) throw new Error(`must be one of ${LOG_LEVELS.join(', ')}`)
  return level
}

function parseBoolean(raw: string): boolean {
  const value = raw.toLowerCase()
  if (['true', '1', 'yes', 'on'].includes(value)) return true
  if (['false', '0', 'no', 'off'].includes(value)) return false
  throw new Error('must be true or false')
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.toLowerCase()
  if (['false', 'no', 'off'].includes(value)) return false
  if (['true', 'yes', 'on'].includes(value)) return 1
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) throw new Error('must be at most 10 proxies')
    return hops === 0 ? false : hops
  }
  const proxies = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  const bad = proxies.find((item) => !isProxyAddress(item))
  if (bad !== undefined || proxies.length === 0)
    throw new Error(
      `${bad === undefined ? 'no address' : `${bad} is not an IP address or CIDR range`}: must be false, the number of proxies in front (1 for one reverse proxy), or a comma-separated list of their addresses`,
    )
  return proxies
}

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item)) return true
  const [address = '', prefix, ...rest] = item.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

function parseOrigins(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const url = URL.parse(item)
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        throw new Error(`${item} is not an http(s) origin`)
      return url.origin
    })
}

function parseHttpUrl(raw: string): string {
  const url = URL.parse(raw)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error('must be an http(s) URL')
  return url.href
}

function parsePublicUrl(raw: string): string {
  const url = URL.parse(raw)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
    throw new Error('must be an http(s) URL such as https://wings.example.org')
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/** `Name <address>` or a bare address. */
function parseMailbox(raw: string): string {
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw))
    throw new Error('must be an e-mail address, or a name and <address>')
  return raw
}

/** https://host[:port] or https://*.host, comma-separated; http only for a test's local push service. */
function parsePushOrigins(raw: string): string[] {
  const origins = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const wildcard = /^(https?:\/\/)\*\./.exec(item)
      const url = URL.parse(wildcard ? item.replace('*.', '') : item)
      // A wildcard covers the subdomains of a domain of its own, never of a whole top-level domain (*.com).
      if (
        !url ||
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        url.href !== `${url.origin}/` ||
        url.hostname.includes('*') ||
        (wildcard && !url.hostname.includes('.'))
      )
        throw new Error(`${item} is not an origin such as https://push.example.org or https://*.push.example.org`)
      return wildcard ? `${url.protocol}//*.${url.host}` : url.origin
    })
  if (origins.length === 0) throw new Error('must name at least one origin')
  return origins
}

function parseTileUrl(raw: string): string {
  if (!['{z}', '{x}', '{y}'].every((p) => raw.includes(p))) throw new Error('must contain {z}, {x} and {y}')
  if (raw.startsWith('/')) return raw
  const url = URL.parse(raw.replaceAll(/\{[a-z]\}/g, '0'))
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error('must be a path starting with / or an http(s) URL')
  return raw
}
