import nodemailer, { type TransportOptions } from 'nodemailer'
import type { SendResult } from './push.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends e-mails: 'sent', 'failed' when the server refused it for good (a 5xx), 'retry' otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<Exclude<SendResult, 'gone'>>
  close(): void
}

/** The SMTP server (SMTP_URL) through nodemailer, with timeouts so that a silent server cannot hold an alert. */
export function createSmtpMailer(url: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport(
    {
      url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as TransportOptions,
    { from },
  )
  return {
    async send({ to, subject, text }) {
      try {
        await transport.sendMail({ to, subject, text })
        return 'sent'
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: number; code?: string }
        // The server refused the address or the message for good: the same again would be refused again.
        if ((responseCode !== undefined && responseCode >= 500) || code === 'EENVELOPE') return 'failed'
        return 'retry'
      }
    },
    close: () => transport.close(),
  }
}
