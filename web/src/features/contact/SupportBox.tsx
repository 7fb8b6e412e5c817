import { Email, isValid, Messages } from '@wings/contract'
import { type FormEvent, useId, useState } from 'react'
import { messageOf } from '../../api/client.ts'
import { useToast } from '../../ui/Toast.tsx'
import { sendContact } from './api.ts'

export const SUPPORT_NAME = 'Support request'
export const SUPPORT_QUERY = 'Please contact me by e-mail about Wings support.'

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
    if (!isValid(Email, emailId)) {
      toast(Messages.invalidEmail, { kind: 'error' })
      return
    }
    setSending(true)
    try {
      await sendContact({ fullName: SUPPORT_NAME, emailId, query: SUPPORT_QUERY })
      setEmail('')
      toast('Thank you! Our support team will e-mail you soon.', { kind: 'success' })
    } catch (error) {
      toast(messageOf(error, 'Could not send your request. Please try again.'), { kind: 'error' })
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
          type="email"
          inputMode="email"
          autoComplete="email"
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
