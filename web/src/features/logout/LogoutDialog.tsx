/**
 * What logging out does to what runs and is kept on this phone: her live share (keep it or stop it) and her
 * account's trusted contacts (keep them on this phone for the SOS, or remove them). Asked in the app's own dialog.
 */
import './logout.css'
import { type FormEvent, useId, useState } from 'react'
import type { TrustedContactRow } from '../../db/db.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { clockText, type ShareSession } from '../share/index.ts'
import { useT } from './messages.ts'
import type { LogoutChoices } from './useLogout.ts'

export interface LogoutQuestion {
  /** The share running on this phone, if any: she is asked whether to stop it. */
  share: ShareSession | null
  /** Her account's contacts on this phone: she is asked whether to keep them here (none: not asked). */
  contacts: readonly TrustedContactRow[]
}

export function LogoutDialog({
  question,
  onConfirm,
  onClose,
}: {
  question: LogoutQuestion | null
  onConfirm: (choices: LogoutChoices) => void
  onClose: () => void
}) {
  const t = useT()
  return (
    <Dialog open={question !== null} title={t('title')} onClose={onClose}>
      {/* A fresh form each time it opens: the choices start from the defaults. */}
      {question ? <Choices question={question} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Dialog>
  )
}

function Choices({
  question: { share, contacts },
  onConfirm,
  onClose,
}: {
  question: LogoutQuestion
  onConfirm: (choices: LogoutChoices) => void
  onClose: () => void
}) {
  const t = useT()
  const id = useId()
  // Sharing goes on unless she stops it (the banner keeps saying so); her contacts leave this phone unless she keeps them.
  const [stopSharing, setStopSharing] = useState(false)
  const [keepContacts, setKeepContacts] = useState(false)
  const until = share ? clockText(share.expiresAt) : ''
  const names = contacts.map((c) => c.name).join(', ')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm({ stopSharing: share !== null && stopSharing, keepContacts: contacts.length > 0 && keepContacts })
  }

  return (
    <form className="logout-choices" onSubmit={submit}>
      {share ? (
        <fieldset className="logout-choices__group">
          <legend>{t('shareLegend', { until })}</legend>
          <Choice
            name={`${id}-share`}
            checked={!stopSharing}
            onChoose={() => setStopSharing(false)}
            label={t('keepSharing', { until })}
          />
          <Choice
            name={`${id}-share`}
            checked={stopSharing}
            onChoose={() => setStopSharing(true)}
            label={t('stopSharing')}
          />
        </fieldset>
      ) : null}
      {contacts.length > 0 ? (
        <fieldset className="logout-choices__group">
          <legend>{t('contactsLegend', { names })}</legend>
          <Choice
            name={`${id}-contacts`}
            checked={keepContacts}
            onChoose={() => setKeepContacts(true)}
            label={t('keepContacts')}
            hint={{ id: `${id}-keep`, text: t('keepContactsHint') }}
          />
          <Choice
            name={`${id}-contacts`}
            checked={!keepContacts}
            onChoose={() => setKeepContacts(false)}
            label={t('removeContacts')}
            hint={{ id: `${id}-remove`, text: t('removeContactsHint') }}
          />
        </fieldset>
      ) : null}
      <div className="logout-choices__actions">
        <button type="submit" className="btn btn--primary">
          {t('confirm')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}

/** One radio choice, with its hint under it when it has one. */
function Choice({
  name,
  checked,
  onChoose,
  label,
  hint,
}: {
  name: string
  checked: boolean
  onChoose: () => void
  label: string
  hint?: { id: string; text: string }
}) {
  const radio = (
    <label className="logout-choices__choice">
      <input type="radio" name={name} checked={checked} aria-describedby={hint?.id} onChange={onChoose} />
      <span>{label}</span>
    </label>
  )
  if (!hint) return radio
  return (
    <div className="logout-choices__option">
      {radio}
      <p className="logout-choices__hint" id={hint.id}>
        {hint.text}
      </p>
    </div>
  )
}
