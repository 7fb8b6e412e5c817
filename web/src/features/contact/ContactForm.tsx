import { ContactBody, ContactMessages } from '@wings/contract'
import { fieldProblems } from '@wings/contract/validate'
import { type FormEvent, useMemo, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Field, TextAreaField } from '../../ui/Field.tsx'
import { useFormFields } from '../../ui/useFormFields.ts'
import { OFFLINE_MESSAGE, sendContactMessage } from './send.ts'
import './contact.css'

const KEYS = ['fullName', 'emailId', 'query'] as const
type Key = (typeof KEYS)[number]
const EMPTY: Record<Key, string> = { fullName: '', emailId: '', query: '' }

export function ContactForm() {
  const { values, setValues, field, showProblems, resetTouched } = useFormFields<Key>(EMPTY)
  const [sending, setSending] = useState(false)

  const body = useMemo(
    () => ({ fullName: values.fullName.trim(), emailId: values.emailId.trim(), query: values.query.trim() }),
    [values],
  )
  const problems = useMemo(() => fieldProblems(ContactBody, body), [body])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    if (showProblems(event.currentTarget, KEYS, problems)) return
    setSending(true)
    try {
      const outcome = await sendContactMessage(body)
      if (outcome.status === 'rejected') {
        window.alert(ContactMessages.failed)
        return
      }
      // Sent, or safely in the outbox: it goes by itself when the network is back.
      window.alert(outcome.status === 'sent' ? ContactMessages.sent : OFFLINE_MESSAGE)
      setValues(EMPTY)
      resetTouched()
    } catch (error) {
      window.alert(saveFailedMessage(error, ContactMessages.failed))
    } finally {
      setSending(false)
    }
  }

  const common = (key: Key) => field(key, problems)

  return (
    <form className="form contact-form" onSubmit={submit} noValidate aria-label="Contact us">
      <Field label="Full name" autoComplete="name" {...common('fullName')} />
      <Field label="Email" type="email" inputMode="email" autoComplete="email" {...common('emailId')} />
      <TextAreaField label="Your query" rows={5} {...common('query')} />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  )
}
