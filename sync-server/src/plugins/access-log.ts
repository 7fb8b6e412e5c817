/**
 * What the request log keeps of a request and its answer, for every route: method, path, status (and Fastify adds
 * the response time). Never the client's IP or port, host or user agent, nor the query string, which holds the words
 * of a place search or her position ("Use my current location"): privacy by default, so no log line can tie an
 * anonymous report (or anything else) to a person or device, or say where she was.
 */
export const accessLogSerializers = {
  req: (request: { method: string; url: string }) => ({
    method: request.method,
    url: shorten(hideSecrets(withoutQuery(request.url))),
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
}

/** The path of a URL, with `?…` in place of a query string (`?` inside a %-escape is not one). */
const withoutQuery = (url: string) => {
  const at = url.indexOf('?')
  return at < 0 ? url : `${url.slice(0, at)}?…`
}

/** Longer URLs are cut in the log: a refused 20 kB path must not fill it. */
const LOGGED_URL_MAX = 512

const shorten = (url: string) => (url.length > LOGGED_URL_MAX ? `${url.slice(0, LOGGED_URL_MAX)}…` : url)

/**
 * Every secret the server hands out (session, share token and write key, guest key) is 32 random bytes in base64url,
 * 43 characters; 32 of them in a row are a secret or most of one. A run without both lower- and upper-case letters
 * is left alone, so that error codes (FST_ERR_CTP_INVALID_CONTENT_LENGTH) and folder names stay readable: a secret
 * lacks one of them about once in 3 billion.
 */
const SECRET_RUN = /[A-Za-z0-9_-]{32,}/g
const LOWER = /[a-z]/
const UPPER = /[A-Z]/
const SECRET_CHAR = /^[A-Za-z0-9_-]$/
/** A %-escape, escaped again any number of times (%41, %2541, ...). */
const ESCAPE = /%(?:25)*([0-9A-Fa-f]{2})/g

/**
 * `text` with every secret in it replaced by <token>, wherever it is: a share token in a URL the router did not
 * know (/api//share/..., /api/share%2F...), in a query string, in an error message. %-escapes of the characters
 * secrets are made of are undone first, so an escaped secret is found too. The logger runs every line through it.
 */
export function hideSecrets(text: string): string {
  const unescaped = text.replace(ESCAPE, (escaped, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    return SECRET_CHAR.test(char) ? char : escaped
  })
  return unescaped.replace(SECRET_RUN, (run) => (LOWER.test(run) && UPPER.test(run) ? '<token>' : run))
}
