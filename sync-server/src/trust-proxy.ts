import type { TrustProxy } from './config.ts'

/** What Fastify's `trustProxy` option takes. */
export type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean)

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function: Fastify 5.12 takes a bare number as "trust
 * nobody", which would make every client behind the proxy one IP. With n hops, proxy-addr walks X-Forwarded-For from
 * the right and stops n entries in, so the client's own entries further left are never taken as her address.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyTrustProxy {
  if (setting === false || setting === 0) return false
  if (typeof setting === 'object') return [...setting]
  const hops = setting === true ? 1 : setting
  return (_address, hop) => hop < hops
}
