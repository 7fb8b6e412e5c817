import { connect } from 'node:net'
import type { App } from '../app.ts'

/** An answer read off the socket: status, lower-cased headers, body. */
export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends `request` as it is over a new TCP connection to the listening app, and reads the answer until the server
 * closes. For what inject cannot send: a request Node's own HTTP parser refuses before Fastify sees it. Send
 * `Connection: close` in requests the parser accepts, so that the server ends the connection.
 */
export async function sendRaw(app: App, request: string): Promise<RawAnswer> {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port')
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
    })
    socket.on('end', () => resolve(received))
    // A reset after the whole answer came (the server stopped reading a request it refused) is not a failure.
    socket.on('error', (error) => (received.includes('\r\n\r\n') ? resolve(received) : reject(error)))
    socket.write(request)
  })
  const [head = '', body = ''] = text.split(/\r\n\r\n(.*)/s)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}
