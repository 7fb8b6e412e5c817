import { Link } from '@tanstack/react-router'
import { TRUSTED_CONTACTS_MAX, trustedContactProblems } from '@wings/contract'
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
import { CONTACT_VALUES, contractText } from './contract-texts.ts'
import { t as message, T, useT } from './messages.ts'
import './trustedContacts.css'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

const KEYS = ['name', 'phone'] as const
type Key = (typeof KEYS)[number]

/**
 * The people her SOS texts: the list (each with Remove, and 'Add to my account' for contacts kept on this phone only
 * while she is signed in) and a form to add one. Works signed out too: contacts are then kept on this phone only.
 */
export function TrustedContactsManager() {
  const t = useT()
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
      toast(message('tcSaved'), { kind: 'success' })
      setValues({ name: '', phone: '' })
      resetTouched()
      document.getElementById(nameId)?.focus()
    } catch (error) {
      if (error instanceof TrustedContactError) setFailure(error)
      else toast(saveFailedMessage(error, message('tcSaveFailed')), { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  async function remove(contact: TrustedContactRow) {
    try {
      await deleteTrustedContact(contact._id)
      toast(message('tcDeleted'), { kind: 'success' })
      // Her button is gone: focus stays in the section.
      heading.current?.focus()
    } catch (error) {
      toast(saveFailedMessage(error, message('tcRemoveFailed')), { kind: 'error' })
    }
  }

  async function addToAccount(contact: TrustedContactRow) {
    try {
      await addTrustedContactToAccount(contact._id)
      toast(message('tcSaved'), { kind: 'success' })
    } catch (error) {
      const text =
        error instanceof TrustedContactError
          ? contractText(error.message)
          : saveFailedMessage(error, message('tcSaveFailed'))
      toast(text, { kind: 'error' })
    }
  }

  const name = field('name', problems)
  const phone = field('phone', problems)
  // The contract's rules speak English: each problem in her language.
  const nameError = contractText(name.error)
  const phoneError = contractText(phone.error ?? failure?.problems.phone)
  const formError = failure && !failure.problems.phone ? contractText(failure.message) : null

  return (
    <section className="trusted-contacts" aria-labelledby={headingId}>
      <h2 className="trusted-contacts__title" id={headingId} ref={heading} tabIndex={-1}>
        {t('tcTitle')}
      </h2>
      <p className="trusted-contacts__intro muted">{t('tcIntro')}</p>
      {!ready || signedIn ? null : (
        <p className="trusted-contacts__note">
          <T k="tcSignedOutNote" components={{ 0: <Link to="/login" /> }} />
        </p>
      )}
      {contacts === undefined ? (
        <p className="muted">{t('loading')}</p>
      ) : contacts.length === 0 ? (
        <p className="trusted-contacts__empty">{t('tcEmpty')}</p>
      ) : (
        <ul className="trusted-contacts__list">
          {contacts.map((contact) => {
            const phoneOnly = signedIn && contact.userId === null
            return (
              <li key={contact._id} className="list-row trusted-contact">
                <div className="trusted-contact__who">
                  <span className="trusted-contact__name">{contact.name}</span>
                  <span className="trusted-contact__phone">{contact.phone}</span>
                  {phoneOnly ? <span className="trusted-contact__badge">{t('tcPhoneOnly')}</span> : null}
                </div>
                <div className="trusted-contact__actions">
                  {phoneOnly ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('tcAddToAccountLabel', { name: contact.name })}
                      onClick={() => void addToAccount(contact)}
                    >
                      {t('tcAddToAccount')}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('tcRemoveLabel', { name: contact.name })}
                    onClick={() => void remove(contact)}
                  >
                    {t('tcRemove')}
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {full ? (
        <p className="trusted-contacts__full" role="status">
          {t('tcTooMany', CONTACT_VALUES)}
        </p>
      ) : (
        <form className="form trusted-contacts__form" onSubmit={submit} noValidate aria-label={t('tcFormLabel')}>
          <Field label={t('tcName')} id={nameId} autoComplete="off" {...name} error={nameError} />
          <Field
            label={t('tcPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint={t('tcPhoneHint', CONTACT_VALUES)}
            {...phone}
            error={phoneError}
          />
          {formError ? <ErrorNote>{formError}</ErrorNote> : null}
          <Button type="submit" disabled={busy}>
            {t('tcAdd')}
          </Button>
        </form>
      )}
    </section>
  )
}
