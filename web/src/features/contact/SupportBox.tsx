import { isEmail, Messages } from '@wings/contract'
import { type FormEvent, useId, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { EMAIL_INPUT } from '../../ui/emailInput.ts'
import { useToast } from '../../ui/Toast.tsx'
import { OFFLINE_MESSAGE, sendContactMessage } from './send.ts'

export const SUPPORT_NAME = 'Support request'
export const SUPPORT_QUERY = 'Please contact me by e-mail about Wings support.'
export const SUPPORT_SENT = 'Thank you! Our support team will e-mail you soon.'
export const SUPPORT_FAILED = 'Could not send your request. Please try again.'

/** The footer's e-mail support box: leaves an address so the team writes back. */
export function SupportBox() {
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const toast = useToast()
  const id = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const emailId = email.trim()
    if (!isEmail(emailId)) {
      toast(Messages.invalidEmail, { kind: 'error' })
      return
    }
    setSending(true)
    try {
      const outcome = await sendContactMessage({ fullName: SUPPORT_NAME, emailId, query: SUPPORT_QUERY })
      if (outcome.status === 'rejected') {
        toast(outcome.message || SUPPORT_FAILED, { kind: 'error' })
        return
      }
      setEmail('')
      if (outcome.status === 'sent') toast(SUPPORT_SENT, { kind: 'success' })
      else toast(OFFLINE_MESSAGE, { kind: 'info', duration: 4000 })
    } catch (error) {
      toast(saveFailedMessage(error, SUPPORT_FAILED), { kind: 'error' })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="support-box" onSubmit={submit} noValidate aria-label="E-mail support">
      <label htmlFor={id} className="support-box__label">
        Your e-mail address for support
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
        <button type="submit" className="btn btn--primary" disabled={sending} aria-label="Send support request">
          {sending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  )
}
