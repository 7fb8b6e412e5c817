import type { EndpointSchemas } from '@wings/contract'

type Part<E, K extends 'params' | 'query' | 'body'> = E extends Record<K, infer S> ? S : undefined
type Statuses<E extends EndpointSchemas> =
  | (E extends { status: infer S extends number } ? S : 200)
  | (E extends { orStatus: infer S extends number } ? S : never)

/**
 * Fastify's method, url and schema for one endpoint of the API table (@wings/contract api.ts), so a route is
 * `app.route({ ...endpoint(API.story), onRequest, handler })` and its path and schemas are written only in the table.
 * The schema keeps each TypeBox type, so request.params, query and body and the handler's answer stay typed.
 */
export function endpoint<const E extends EndpointSchemas>(table: E) {
  const response: Record<number, unknown> = { [table.status ?? 200]: table.response }
  if (table.orStatus !== undefined) response[table.orStatus] = table.response
  if (table.conflict !== undefined) response[409] = table.conflict
  const schema = {
    ...(table.params ? { params: table.params } : {}),
    ...(table.query ? { querystring: table.query } : {}),
    ...(table.body ? { body: table.body } : {}),
    response,
  }
  return {
    method: table.method,
    url: table.path,
    schema: schema as {
      params: Part<E, 'params'>
      querystring: Part<E, 'query'>
      body: Part<E, 'body'>
      response: { [S in Statuses<E>]: E['response'] } & (E extends { conflict: infer C } ? { 409: C } : unknown)
    },
  }
}
