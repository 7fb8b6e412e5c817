import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../http-error.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const NOT_BUILT =
  'Wings: the web app has not been built yet. Run "pnpm build" in the repository (or "npm start", which builds it), then reload. The API under /api is running.\n'

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')

/**
 * Serves the built PWA. Hashed files under /assets are cached for a year; everything else (index.html, sw.js,
 * the manifest) must be revalidated so a new deploy is picked up. Any other page URL gets index.html so the
 * client router can show it; /api never does.
 */
export function servePwa(app: FastifyInstance, webDist: string): void {
  const assetsDir = join(webDist, 'assets') + sep
  app.register(fastifyStatic, {
    root: webDist,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache')
    },
  })

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url) || !wantsPage(request)) {
      throw new HttpError(404, ErrorCode.notFound, ErrorMessages.notFound)
    }
    if (!existsSync(join(webDist, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT)
    }
    return reply.sendFile('index.html')
  })
}
