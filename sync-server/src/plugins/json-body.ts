import type { FastifyInstance, FastifyRequest } from 'fastify'

type CallbackParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void

/**
 * The API reads JSON only: any other content type is refused with 415, which also keeps cross-site form posts
 * (text/plain, urlencoded) out. An empty JSON body counts as no body rather than a syntax error, because
 * clients often send the header on bodiless POSTs such as logout.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  // Fastify's own parser (it refuses __proto__ and constructor.prototype keys), which takes a callback.
  const parseJson = app.getDefaultJsonParser('error', 'error') as CallbackParser
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined)
    else parseJson(request, body.toString(), done)
  })
}
