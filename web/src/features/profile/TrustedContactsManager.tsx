import { Link } from '@tanstack/react-router'
import { PHONE_EXAMPLE, TRUSTED_CONTACTS_MAX, TrustedContactMessages, trustedContactProblems } from '@wings/contract'
import { type FormEvent, useId, useMemo, useRef, useState } from 'react'
import type { TrustedContactRow } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Field } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useFormFields } from '../../ui/useFormFields.ts'
import { useAuth } from '../auth/index.ts'
import {
  addTrustedContactToAccount,
  deleteTrustedContact,
  saveTrustedContact,
  TrustedContactError,
  useTrustedContacts,
} from '../trusted-contacts/index.ts'
import './trustedContacts.css'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

const KEYS = ['name', 'phone'] as const
type Key = (typeof KEYS)[number]

export const SAVE_FAILED = 'Could not save this contact. Please try again.'
export const REMOVE_FAILED = 'Could not remove this contact. Please try again.'

/**
 * The people her SOS texts: the list (each with Remove, and 'Add to my account' for contacts kept on this phone only
 * while she is signed in) and a form to add one. Works signed out too: contacts are then kept on this phone only.
 */
export function TrustedContactsManager() {
  const { user, ready } = useAuth()
  const signedIn = !!user
  const contacts = useTrustedContacts()
  const toast = useToast()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const nameId = useId()
  const [failure, setFailure] = useState<TrustedContactError | null>(null)
  const [busy, setBusy] = useState(false)
  const { values, setValues, field, touchAll, resetTouched } = useFormFields<Key>({ name: '', phone: '' }, () =>
    setFailure(null),
  )
  const problems = useMemo(() => trustedContactProblems(values), [values])
  const full = (contacts?.length ?? 0) >= TRUSTED_CONTACTS_MAX

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (problems.name || problems.phone) {
      touchAll(KEYS)
      return
    }
    setBusy(true)
    try {
      await saveTrustedContact(values)
      toast(TrustedContactMessages.saved, { kind: 'success' })
      setValues({ name: '', phone: '' })
      resetTouched()
      document.getElementById(nameId)?.focus()
    } catch (error) {
      if (error instanceof TrustedContactError) setFailure(error)
      else toast(saveFailedMessage(error, SAVE_FAILED), { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  async function remove(contact: TrustedContactRow) {
    try {
      await deleteTrustedContact(contact._id)
      toast(TrustedContactMessages.deleted, { kind: 'success' })
      // Her button is gone: focus stays in the section.
      heading.current?.focus()
    } catch (error) {
      toast(saveFailedMessage(error, REMOVE_FAILED), { kind: 'error' })
    }
  }

  async function addToAccount(contact: TrustedContactRow) {
    try {
      await addTrustedContactToAccount(contact._id)
      toast(TrustedContactMessages.saved, { kind: 'success' })
    } catch (error) {
      const message = error instanceof TrustedContactError ? error.message : saveFailedMessage(error, SAVE_FAILED)
      toast(message, { kind: 'error' })
    }
  }

  const name = field('name', problems)
  const phone = field('phone', problems)
  const phoneError = phone.error ?? failure?.problems.phone
  const formError = failure && !failure.problems.phone ? failure.message : null

  return (
    <section className="trusted-contacts" aria-labelledby={headingId}>
      <h2 className="trusted-contacts__title" id={headingId} ref={heading} tabIndex={-1}>
        Trusted contacts
      </h2>
      <p className="trusted-contacts__intro muted">The SOS button can text them all at once.</p>
      {!ready || signedIn ? null : (
        <p className="trusted-contacts__note">
          Kept on this phone only. <Link to="/login">Log in</Link> to keep them in your account.
        </p>
      )}
      {contacts === undefined ? (
        <p className="muted">Loading…</p>
      ) : contacts.length === 0 ? (
        <p className="trusted-contacts__empty">No trusted contacts yet.</p>
      ) : (
        <ul className="trusted-contacts__list">
          {contacts.map((contact) => {
            const phoneOnly = signedIn && contact.userId === null
            return (
              <li key={contact._id} className="list-row trusted-contact">
                <div className="trusted-contact__who">
                  <span className="trusted-contact__name">{contact.name}</span>
                  <span className="trusted-contact__phone">{contact.phone}</span>
                  {phoneOnly ? <span className="trusted-contact__badge">On this phone only</span> : null}
                </div>
                <div className="trusted-contact__actions">
                  {phoneOnly ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Add ${contact.name} to my account`}
                      onClick={() => void addToAccount(contact)}
                    >
                      Add to my account
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove ${contact.name}`}
                    onClick={() => void remove(contact)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {full ? (
        <p className="trusted-contacts__full" role="status">
          {TrustedContactMessages.tooMany}
        </p>
      ) : (
        <form className="form trusted-contacts__form" onSubmit={submit} noValidate aria-label="Add a trusted contact">
          <Field label="Name" id={nameId} autoComplete="off" {...name} />
          <Field
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint={`10 digits, e.g. ${PHONE_EXAMPLE}; outside India, + and the country code`}
            {...phone}
            error={phoneError}
          />
          {formError ? <ErrorNote>{formError}</ErrorNote> : null}
          <Button type="submit" disabled={busy}>
            Add contact
          </Button>
        </form>
      )}
    </section>
  )
}
