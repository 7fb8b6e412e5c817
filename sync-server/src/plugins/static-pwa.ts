import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../http-error.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const NOT_BUILT =
  'Wings: the web app has not been built yet. Run "pnpm build" in the repository (or "npm start", which builds it), then reload. The API under /api is running.\n'

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/** A screen URL without parameters, e.g. /blog or /user/drafts: letters, digits and dashes only, so no path escapes. */
const SCREEN_PATH = /^(\/[a-z0-9-]+)*\/?$/

/** The build's copy of index.html that also preloads this screen's chunks (web/scripts/page-preloads.mjs), if any. */
function pageFor(webDist: string, url: string): string | null {
  const path = url.split('?')[0] ?? ''
  if (!SCREEN_PATH.test(path)) return null
  const name = path.replace(/^\/|\/$/g, '') || 'index'
  const file = join('pages', `${name}.html`)
  return existsSync(join(webDist, file)) ? file : null
}

/** index.html and every screen's copy of it under pages/ (web/scripts/page-preloads.mjs). */
function builtPages(webDist: string): string[] {
  const pages = join(webDist, 'pages')
  const copies = existsSync(pages)
    ? readdirSync(pages, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.html'))
        .map((name) => join(pages, name))
    : []
  return [join(webDist, 'index.html'), ...copies]
}

/** The CSP sources ('sha256-...') of the built pages' inline elements of one kind. */
function inlineHashes(webDist: string, tag: 'style' | 'script'): string[] {
  if (!existsSync(join(webDist, 'index.html'))) return []
  // Any <style>; a <script> without attributes (one with src is not inline).
  const inline = new RegExp(`<${tag}${tag === 'style' ? '[^>]*' : ''}>([\\s\\S]*?)</${tag}>`, 'g')
  const hashes = new Set<string>()
  for (const page of builtPages(webDist)) {
    for (const [, text] of readFileSync(page, 'utf8').matchAll(inline)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(text ?? '')
          .digest('base64')}'`,
      )
    }
  }
  return [...hashes]
}

/**
 * The CSP sources of the built pages' inline <style> elements: the emergency block's look, and a screen's own
 * stylesheets on a page that draws it before any script (web/scripts/first-paint.mjs). None when the PWA is not built.
 */
export const pageStyleHashes = (webDist: string): string[] => inlineHashes(webDist, 'style')

/**
 * The CSP sources of the built pages' inline <script> elements: on a page that draws its screen before any script,
 * the one that hides its English copy for another language and the one that starts the app after the first paint
 * (web/src/app/firstPaintPage.ts). No other inline script runs.
 */
export const pageScriptHashes = (webDist: string): string[] => inlineHashes(webDist, 'script')

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')

/**
 * Serves the built PWA. Hashed files under /assets are cached for a year; everything else (index.html, sw.js,
 * the manifest) must be revalidated so a new deploy is picked up. Any other page URL gets index.html (or the
 * screen's copy of it that preloads its chunks) so the client router can show it; /api never does.
 */
export function servePwa(app: FastifyInstance, webDist: string): void {
  const assetsDir = join(webDist, 'assets') + sep
  app.register(fastifyStatic, {
    root: webDist,
    cacheControl: false,
    dotfiles: 'ignore',
    // Pages go through the handler below, which picks the screen's own copy of index.html.
    index: false,
    // The build writes .br and .gz copies of every text file (web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache')
    },
  })

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(join(webDist, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT)
    }
    return reply.sendFile(pageFor(webDist, request.url) ?? 'index.html')
  }
  // The static plugin would answer the bare directory with 403 now that it has no index file.
  app.get('/', sendPage)
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url) || !wantsPage(request)) {
      throw new HttpError(404, ErrorCode.notFound, ErrorMessages.notFound)
    }
    return sendPage(request, reply)
  })
}
