import { ContactBody } from '@wings/contract'
import { fieldProblems } from '@wings/contract/validate'
import { type FormEvent, useMemo, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { Field, TextAreaField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useFormFields } from '../../ui/useFormFields.ts'
import { t as say, useT } from './messages.ts'
import { contactProblems } from './problems.ts'
import { sendContactMessage } from './send.ts'
import './contact.css'

const KEYS = ['fullName', 'emailId', 'query'] as const
type Key = (typeof KEYS)[number]
const EMPTY: Record<Key, string> = { fullName: '', emailId: '', query: '' }
/** 'Your message will be sent when you are back online' takes longer to read than the spec's 2 s toasts. */
export const OFFLINE_TOAST_MS = 4000

export function ContactForm() {
  const t = useT()
  const { values, setValues, field, showProblems, resetTouched } = useFormFields<Key>(EMPTY)
  const [sending, setSending] = useState(false)
  // A failure is said beside Send until she sends again (her words stay in the fields); kept as it came, so it is
  // said in her language after a switch.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  const toast = useToast()

  const body = useMemo(
    () => ({ fullName: values.fullName.trim(), emailId: values.emailId.trim(), query: values.query.trim() }),
    [values],
  )
  const checked = useMemo(() => fieldProblems(ContactBody, body), [body])
  // In her language at each render (a switch of language re-renders through useT).
  const problems = contactProblems(checked)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    if (showProblems(event.currentTarget, KEYS, problems)) return
    setSending(true)
    setFailure(null)
    try {
      const outcome = await sendContactMessage(body)
      if (outcome.status === 'rejected') {
        setFailure({ error: null })
        return
      }
      // Sent, or safely in the outbox: it goes by itself when the network is back (said longer: it has more words).
      // (ContactMessages.sent and .failed in the contract are the English of 'sent' and 'failed'.)
      if (outcome.status === 'sent') toast(say('sent'), { kind: 'success' })
      else toast(say('offline'), { kind: 'info', duration: OFFLINE_TOAST_MS })
      setValues(EMPTY)
      resetTouched()
    } catch (error) {
      setFailure({ error })
    } finally {
      setSending(false)
    }
  }

  const common = (key: Key) => field(key, problems)

  return (
    <form className="form contact-form" onSubmit={submit} noValidate aria-label={t('title')}>
      <Field label={t('fullName')} autoComplete="name" {...common('fullName')} />
      <Field label={t('email')} type="email" inputMode="email" autoComplete="email" {...common('emailId')} />
      <TextAreaField label={t('query')} rows={5} {...common('query')} />
      <Button type="submit" disabled={sending}>
        {sending ? t('sending') : t('send')}
      </Button>
      {failure ? <ErrorNote>{saveFailedMessage(failure.error, t('failed'))}</ErrorNote> : null}
    </form>
  )
}
