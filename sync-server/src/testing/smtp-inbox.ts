// An SMTP server on 127.0.0.1 for the guardians' tests: it takes every e-mail (or refuses, when told to) and keeps
// it, decoded, for the test to read.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  subject: string
  /** The text body, decoded (quoted-printable or base64). */
  text: string
}

export interface SmtpInbox {
  url: string
  mails: ReceivedMail[]
  /** The mails to `address`, oldest first. */
  to(address: string): ReceivedMail[]
  /** SMTP status to answer the next messages with instead of taking them (e.g. 550 refuses, 451 asks to retry). */
  refuseNext(status: number, count?: number): void
  close(): Promise<void>
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding !== 'quoted-printable') return body
  const bytes = body
    .replace(/=\r?\n/g, '')
    .split(/(=[0-9A-F]{2})/)
    .map((part) =>
      /^=[0-9A-F]{2}$/.test(part) ? Buffer.from([Number.parseInt(part.slice(1), 16)]) : Buffer.from(part),
    )
  return Buffer.concat(bytes).toString('utf8')
}

/** A one-part text e-mail as nodemailer writes it. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  return {
    to,
    subject: decodeWords(header('Subject')),
    text: decodeBody(raw.slice(split + 4), header('Content-Transfer-Encoding').toLowerCase()),
  }
}

/**
 * A header's RFC 2047 encoded words (`=?UTF-8?B?...?=`), decoded: the space between two of them is not text, and a
 * long Hindi subject is cut into several.
 */
function decodeWords(value: string): string {
  const WORD = /=\?UTF-8\?([QB])\?([^?]*)\?=/gi
  const bytesOf = (kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(decodeBody(text.replace(/_/g, ' '), 'quoted-printable'), 'utf8')
  return value.replace(
    /(?:=\?UTF-8\?[QB]\?[^?]*\?=\s*)+/gi,
    (run) =>
      Buffer.concat([...run.matchAll(WORD)].map(([, kind = 'B', text = '']) => bytesOf(kind, text))).toString('utf8') +
      (/\s$/.test(run) ? ' ' : ''),
  )
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const refusals: number[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const refusal = refusals.shift()
        if (refusal !== undefined) {
          callback(Object.assign(new Error('Refused by the test'), { responseCode: refusal }))
          return
        }
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((mail) => mail.to.includes(address)),
    refuseNext(status, count = 1) {
      for (let i = 0; i < count; i += 1) refusals.push(status)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
