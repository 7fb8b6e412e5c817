/**
 * What the request log keeps of a request and its answer, for every route: method, URL, status (and Fastify adds
 * the response time). Never the client's IP or port, host or user agent: privacy by default, so no log line can
 * tie an anonymous report (or anything else) to a person or device.
 */
export const accessLogSerializers = {
  req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
}
