import helmet from '@fastify/helmet'
import { GUARDIAN_PAGE_PATH, SHARE_PAGE_PATH } from '@wings/contract'
import type { FastifyInstance } from 'fastify'

const SELF = "'self'"

/**
 * The browser features the app uses, for its own pages: her position (SOS, the planner, live location sharing),
 * writing to the clipboard (a share link, a helpline), the motion sensors Shake for SOS reads (Chromium's
 * devicemotion needs both accelerometer and gyroscope), and the microphone for recording evidence from the SOS sheet. Every other one is off, for any page or frame. Left at their
 * default (the page itself): web-share, which desktop Chromium does not know and would warn about in the console,
 * and clipboard-read, which the browser tests use to check what a copy button wrote.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'clipboard-write=(self)',
  'accelerometer=(self)',
  'gyroscope=(self)',
  'microphone=(self)',
  ...[
    'autoplay',
    'browsing-topics',
    'camera',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'hid',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'midi',
    'payment',
    'picture-in-picture',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ')

/** The origin of an absolute tile URL template (TILE_URL pointing at another basemap), else null. */
export function tileOrigin(tileUrl: string): string | null {
  if (!/^https?:\/\//i.test(tileUrl)) return null
  return new URL(tileUrl.replace(/[{}]/g, '')).origin
}

/**
 * Strict headers for every answer; the PWA's inline styles (index.html's emergency block, drawn before the app's
 * stylesheet arrives, and the home page's first paint) and the first paint's two small inline scripts are allowed by
 * their hashes alone (`styleHashes`, `scriptHashes`: pageStyleHashes, pageScriptHashes), so `'self'` is enough for the
 * rest. The app fetches map tiles itself (to keep them for offline use), so a basemap on
 * another host is allowed to be fetched and drawn.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  tileUrl: string,
  styleHashes: string[] = [],
  scriptHashes: string[] = [],
): void {
  const tiles = tileOrigin(tileUrl)
  const withTiles = (sources: string[]) => (tiles ? [...sources, tiles] : sources)
  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [SELF],
        scriptSrc: [SELF, ...scriptHashes],
        styleSrc: [SELF, ...styleHashes],
        imgSrc: withTiles([SELF, 'data:', 'blob:']),
        fontSrc: [SELF],
        // Her evidence recordings play from the phone's own copy (a blob: URL) or from /api.
        mediaSrc: [SELF, 'blob:'],
        connectSrc: withTiles([SELF]),
        workerSrc: [SELF],
        manifestSrc: [SELF],
        objectSrc: ["'none'"],
        baseUri: [SELF],
        formAction: [SELF],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent only over https (below): over plain http it would be ignored, or pin a LAN or localhost host to https.
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
  })
  // A live location page's URL holds the token that lets anyone see where she is, a guardian's page the token that
  // manages their alerts: no link on them may pass it on.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(SHARE_PAGE_PATH) || request.url.startsWith(GUARDIAN_PAGE_PATH))
      reply.header('referrer-policy', 'no-referrer')
    return payload
  })
}
