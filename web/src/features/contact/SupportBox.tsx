import { DEFAULT_LANGUAGE, isEmail } from '@wings/contract'
import { type FormEvent, useId, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { EMAIL_INPUT } from '../../ui/emailInput.ts'
import { useToast } from '../../ui/Toast.tsx'
import { t as say, useT } from './messages.ts'
import { sendContactMessage } from './send.ts'

// What the support team reads: kept in English.
export const SUPPORT_NAME = 'Support request'
export const SUPPORT_QUERY = 'Please contact me by e-mail about Wings support.'
// What she reads: the English, as in locales/en.json; shown in her language.
export const SUPPORT_SENT = 'Thank you! Our support team will e-mail you soon.'
export const SUPPORT_FAILED = 'Could not send your request. Please try again.'

/** The server's refusal: in English its own words, in Hindi or Marathi ours (it says to try again). */
const refusal = (message: string) => (message && i18n.locale === DEFAULT_LANGUAGE ? message : say('supportFailed'))

/** The footer's e-mail support box: leaves an address so the team writes back. */
export function SupportBox() {
  const t = useT()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const toast = useToast()
  const id = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const emailId = email.trim()
    if (!isEmail(emailId)) {
      // Messages.invalidEmail is its English.
      toast(say('emailInvalid'), { kind: 'error' })
      return
    }
    setSending(true)
    try {
      const outcome = await sendContactMessage({ fullName: SUPPORT_NAME, emailId, query: SUPPORT_QUERY })
      if (outcome.status === 'rejected') {
        toast(refusal(outcome.message), { kind: 'error' })
        return
      }
      setEmail('')
      if (outcome.status === 'sent') toast(say('supportSent'), { kind: 'success' })
      else toast(say('offline'), { kind: 'info', duration: 4000 })
    } catch (error) {
      toast(saveFailedMessage(error, say('supportFailed')), { kind: 'error' })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="support-box" onSubmit={submit} noValidate aria-label={t('supportForm')}>
      <label htmlFor={id} className="support-box__label">
        {t('supportLabel')}
      </label>
      <div className="support-box__row">
        <input
          id={id}
          {...EMAIL_INPUT}
          className="field__control"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={sending} aria-label={t('supportSend')}>
          {sending ? t('sending') : t('send')}
        </button>
      </div>
    </form>
  )
}
