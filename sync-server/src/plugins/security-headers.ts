import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

const SELF = "'self'"

/** Strict headers for every answer; the PWA has no inline scripts or styles, so `'self'` is enough. */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [SELF],
        scriptSrc: [SELF],
        styleSrc: [SELF],
        imgSrc: [SELF, 'data:', 'blob:'],
        fontSrc: [SELF],
        connectSrc: [SELF],
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
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
  })
}
