/**
 * Her guardians, on Safety tools: who is alerted by Wings itself when she presses SOS or misses a check-in, each with
 * its state and Remove, and a form to invite one (a trusted contact, or anyone by name), whose link she then sends
 * with her messaging app or by SMS. Guardians live on the server, so this needs an account and a connection.
 */
import './guardians.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { GUARDIAN_NAME_MAX, GUARDIANS_MAX, type Guardian, TextMessages, textProblem, type User } from '@wings/contract'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { describeFailure, type Failure, failureText } from '../../api/failure/failure.ts'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { Field, SelectField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { useTrustedContacts } from '../trusted-contacts/index.ts'
import { guardiansQuery, inviteGuardian, removeGuardian } from './api.ts'
import { guardianStateText, inviteText, smsInvite, whatsappInvite } from './invite.ts'
import { T, t, useT } from './messages.ts'

/** In her language at the moment each is read. */
export const GuardianText = {
  get inviteOffline() {
    return t('inviteOffline')
  },
  get removeOffline() {
    return t('removeOffline')
  },
  get listOffline() {
    return t('listOffline')
  },
  get listFailed() {
    return t('listFailed')
  },
  get inviteFailed() {
    return t('inviteFailed')
  },
  get removeFailed() {
    return t('removeFailed')
  },
  get empty() {
    return t('empty')
  },
  get signedOut() {
    return t('signedOut')
  },
}

/** The contract's English problem with the name, in her language. */
function nameProblem(name: string): string | null {
  const problem = textProblem('Name', name, GUARDIAN_NAME_MAX, 'line')
  if (problem === null) return null
  if (problem === TextMessages.required('Name')) return t('nameRequired')
  if (problem === TextMessages.tooLong('Name', GUARDIAN_NAME_MAX)) return t('nameTooLong', { max: GUARDIAN_NAME_MAX })
  if (problem === TextMessages.lineControls('Name')) return t('nameOneLine')
  if (problem === TextMessages.direction('Name')) return t('nameDirection')
  return problem
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false
const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork

/** An invitation just made: shown until she closes it (only this answer holds the link). */
interface Invitation {
  name: string
  link: string
  phone?: string
}

export function GuardiansPanel() {
  const t = useT()
  const { user, ready } = useAuth()
  const headingId = useId()
  return (
    <section className="panel guardians" aria-labelledby={headingId}>
      <h2 className="guardians__title" id={headingId}>
        {t('panelTitle')}
      </h2>
      <p className="guardians__intro">{t('panelIntro')}</p>
      {!ready ? null : user ? (
        <SignedInGuardians user={user} />
      ) : (
        <p className="guardians__note">
          {GuardianText.signedOut}{' '}
          <T
            k="signedOutActions"
            components={{ 0: <Link to="/login" search={{ redirect: '/safety' }} />, 1: <Link to="/signup" /> }}
          />
        </p>
      )}
    </section>
  )
}

function SignedInGuardians({ user }: { user: User }) {
  const t = useT()
  const query = useQuery(guardiansQuery(user._id))
  const queryClient = useQueryClient()
  const toast = useToast()
  const [invitation, setInvitation] = useState<Invitation | null>(null)
  const [removing, setRemoving] = useState<Guardian | null>(null)
  const list = useRef<HTMLHeadingElement>(null)
  const guardians = query.data
  const full = (guardians?.length ?? 0) >= GUARDIANS_MAX

  async function remove(guardian: Guardian) {
    setRemoving(null)
    if (offline()) {
      toast(GuardianText.removeOffline, { kind: 'error' })
      return
    }
    try {
      await removeGuardian(guardian.id)
      toast(t('removed'), { kind: 'success' })
    } catch (error) {
      // Already gone (removed on her other phone): the list below says so once refreshed.
      if (!(error instanceof ApiError && error.status === 404)) {
        toast(isNetwork(error) ? GuardianText.removeOffline : failureText(error, GuardianText.removeFailed), {
          kind: 'error',
        })
        return
      }
    }
    await queryClient.invalidateQueries({ queryKey: guardiansQuery(user._id).queryKey })
    list.current?.focus()
  }

  return (
    <>
      <h3 className="guardians__subtitle" ref={list} tabIndex={-1}>
        {t('yourGuardians')}
      </h3>
      {guardians === undefined ? (
        query.isError ? (
          <div className="guardians__problem">
            <p>
              {isNetwork(query.error) ? GuardianText.listOffline : failureText(query.error, GuardianText.listFailed)}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : (
          <p className="muted">{t('listLoading')}</p>
        )
      ) : guardians.length === 0 ? (
        <p className="guardians__empty">{GuardianText.empty}</p>
      ) : (
        <ul className="guardians__list">
          {guardians.map((guardian) => (
            <li key={guardian.id} className="list-row guardian">
              <div className="guardian__who">
                <span className="guardian__name">{guardian.name}</span>
                <span className={`guardian__state guardian__state--${guardian.state}`}>
                  {guardianStateText(guardian)}
                </span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('removeLabel', { name: guardian.name })}
                onClick={() => setRemoving(guardian)}
              >
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        title={t('removeTitle', { name: removing?.name ?? '' })}
        onClose={() => setRemoving(null)}
      >
        <p>{t('removeText', { name: removing?.name ?? '' })}</p>
        <div className="form__actions">
          <Button variant="danger" onClick={() => removing && void remove(removing)}>
            {t('remove')}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {t('cancel')}
          </Button>
        </div>
      </Dialog>
      {invitation ? (
        <InvitationReady invitation={invitation} firstName={user.firstName} onDone={() => setInvitation(null)} />
      ) : full ? (
        <p className="guardians__full" role="status">
          {t('tooMany', { max: GUARDIANS_MAX })}
        </p>
      ) : (
        <InviteForm
          onInvited={async (made) => {
            setInvitation(made)
            await queryClient.invalidateQueries({ queryKey: guardiansQuery(user._id).queryKey })
          }}
        />
      )}
    </>
  )
}

const SOMEONE_ELSE = ''

/** Invite by name; choosing one of her trusted contacts fills the name and addresses the message to her number. */
function InviteForm({ onInvited }: { onInvited: (invitation: Invitation) => Promise<void> }) {
  const t = useT()
  const contacts = useTrustedContacts()
  const [contactId, setContactId] = useState(SOMEONE_ELSE)
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const [failure, setFailure] = useState<string | Failure | null>(null)
  const [busy, setBusy] = useState(false)
  const nameId = useId()
  const problem = nameProblem(name.trim())
  const contact = contacts?.find((c) => c._id === contactId)

  function choose(id: string) {
    setContactId(id)
    setFailure(null)
    const chosen = contacts?.find((c) => c._id === id)
    if (chosen) setName(chosen.name.slice(0, GUARDIAN_NAME_MAX))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setTouched(true)
    if (problem) {
      document.getElementById(nameId)?.focus()
      return
    }
    if (offline()) {
      setFailure(GuardianText.inviteOffline)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const made = await inviteGuardian(name.trim())
      await onInvited({
        name: made.name,
        link: `${location.origin}${made.inviteUrl}`,
        ...(contact ? { phone: contact.phone } : {}),
      })
    } catch (error) {
      setFailure(isNetwork(error) ? GuardianText.inviteOffline : describeFailure(error, GuardianText.inviteFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form guardians__form" onSubmit={submit} noValidate aria-label={t('inviteForm')}>
      {contacts && contacts.length > 0 ? (
        <SelectField
          label={t('inviteContact')}
          value={contactId}
          onChange={(event) => choose(event.target.value)}
          placeholder={t('someoneElse')}
          options={contacts.map((c) => ({ value: c._id, label: c.name }))}
        />
      ) : null}
      <Field
        label={t('name')}
        id={nameId}
        autoComplete="off"
        maxLength={GUARDIAN_NAME_MAX}
        hint={t('nameHint')}
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setFailure(null)
        }}
        onBlur={() => setTouched(true)}
        error={touched && problem ? problem : undefined}
        required
      />
      {typeof failure === 'string' ? (
        <ErrorNote>{failure}</ErrorNote>
      ) : failure ? (
        <ErrorNote failure={failure} />
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('inviting') : t('inviteButton')}
      </Button>
    </form>
  )
}

/** The invitation made: send it now with the messaging app or by SMS, or copy the link. */
function InvitationReady({
  invitation,
  firstName,
  onDone,
}: {
  invitation: Invitation
  firstName: string
  onDone: () => void
}) {
  const t = useT()
  const text = inviteText(firstName, invitation.link)
  const [copied, setCopied] = useState('')
  const linkId = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  // Her Invite button is gone: the invitation takes the focus, so she hears what to do next.
  useEffect(() => heading.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.link)
      setCopied(t('linkCopied'))
    } catch {
      ;(document.getElementById(linkId) as HTMLInputElement | null)?.select()
      setCopied(t('copyFailed'))
    }
  }

  return (
    <div className="guardians__invitation">
      <h3 className="guardians__subtitle" ref={heading} tabIndex={-1}>
        {t('readyTitle', { name: invitation.name })}
      </h3>
      <p>{t('readyText', { name: invitation.name })}</p>
      <div className="guardians__send">
        <a
          className="btn btn--primary"
          href={whatsappInvite(text, invitation.phone)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('sendWhatsApp')}
        </a>
        <a className="btn btn--primary" href={smsInvite(text, invitation.phone)}>
          {t('sendSms')}
        </a>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={linkId}>
          {t('inviteLink')}
        </label>
        <input
          id={linkId}
          className="field__control guardians__link"
          readOnly
          value={invitation.link}
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="guardians__send">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {t('copyLink')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
      <p className="guardians__status" role="status">
        {copied}
      </p>
      <details className="guardians__message">
        <summary>{t('message')}</summary>
        <p>{text}</p>
      </details>
    </div>
  )
}
