/**
 * Her guardians, on Safety tools: who is alerted by Wings itself when she presses SOS or misses a check-in, each with
 * its state and Remove, and a form to invite one (a trusted contact, or anyone by name), whose link she then sends
 * with her messaging app or by SMS. Guardians live on the server, so this needs an account and a connection.
 */
import './guardians.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  GUARDIAN_NAME_MAX,
  GUARDIANS_MAX,
  type Guardian,
  GuardianMessages,
  textProblem,
  type User,
} from '@wings/contract'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ApiError, messageOf } from '../../api/client.ts'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { Field, SelectField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { useTrustedContacts } from '../trusted-contacts/index.ts'
import { guardiansQuery, inviteGuardian, removeGuardian } from './api.ts'
import { guardianStateText, inviteText, smsInvite, whatsappInvite } from './invite.ts'

export const GuardianText = {
  inviteOffline: 'Inviting a guardian needs a connection. Try again when you are online.',
  removeOffline: 'Removing a guardian needs a connection. Try again when you are online.',
  listOffline: 'Your guardians are shown when you are online.',
  inviteFailed: 'The invitation could not be made. Please try again.',
  removeFailed: 'The guardian could not be removed. Please try again.',
  empty: 'No guardians yet.',
  signedOut: 'Guardians need an account: Wings alerts them from its server, even when your phone is off.',
} as const

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false
const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork

/** An invitation just made: shown until she closes it (only this answer holds the link). */
interface Invitation {
  name: string
  link: string
  phone?: string
}

export function GuardiansPanel() {
  const { user, ready } = useAuth()
  const headingId = useId()
  return (
    <section className="panel guardians" aria-labelledby={headingId}>
      <h2 className="guardians__title" id={headingId}>
        Guardians
      </h2>
      <p className="guardians__intro">
        Guardians are alerted by Wings itself when you press SOS or miss a check-in, even if your phone is off. They
        choose notifications or e-mail, and need no account.
      </p>
      {!ready ? null : user ? (
        <SignedInGuardians user={user} />
      ) : (
        <p className="guardians__note">
          {GuardianText.signedOut}{' '}
          <Link to="/login" search={{ redirect: '/safety' }}>
            Log in
          </Link>{' '}
          or <Link to="/signup">sign up</Link> to invite one.
        </p>
      )}
    </section>
  )
}

function SignedInGuardians({ user }: { user: User }) {
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
      toast(GuardianMessages.removed, { kind: 'success' })
    } catch (error) {
      // Already gone (removed on her other phone): the list below says so once refreshed.
      if (!(error instanceof ApiError && error.status === 404)) {
        toast(isNetwork(error) ? GuardianText.removeOffline : messageOf(error, GuardianText.removeFailed), {
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
        Your guardians
      </h3>
      {guardians === undefined ? (
        query.isError ? (
          <div className="guardians__problem">
            <p>
              {isNetwork(query.error) ? GuardianText.listOffline : messageOf(query.error, GuardianText.listOffline)}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p className="muted">Loading…</p>
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
                aria-label={`Remove ${guardian.name}`}
                onClick={() => setRemoving(guardian)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''} as a guardian?`}
        onClose={() => setRemoving(null)}
      >
        <p>
          {removing?.name} will no longer be alerted. Wings deletes their notifications and e-mail address at once, and
          their link stops working.
        </p>
        <div className="form__actions">
          <Button variant="danger" onClick={() => removing && void remove(removing)}>
            Remove
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
        </div>
      </Dialog>
      {invitation ? (
        <InvitationReady invitation={invitation} firstName={user.firstName} onDone={() => setInvitation(null)} />
      ) : full ? (
        <p className="guardians__full" role="status">
          {GuardianMessages.tooMany}
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
  const contacts = useTrustedContacts()
  const [contactId, setContactId] = useState(SOMEONE_ELSE)
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const nameId = useId()
  const problem = textProblem('Name', name.trim(), GUARDIAN_NAME_MAX, 'line')
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
      setFailure(isNetwork(error) ? GuardianText.inviteOffline : messageOf(error, GuardianText.inviteFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form guardians__form" onSubmit={submit} noValidate aria-label="Invite a guardian">
      {contacts && contacts.length > 0 ? (
        <SelectField
          label="Invite one of your trusted contacts"
          value={contactId}
          onChange={(event) => choose(event.target.value)}
          placeholder="Someone else"
          options={contacts.map((c) => ({ value: c._id, label: c.name }))}
        />
      ) : null}
      <Field
        label="Name"
        id={nameId}
        autoComplete="off"
        maxLength={GUARDIAN_NAME_MAX}
        hint="The name you know them by. They see only your first name."
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setFailure(null)
        }}
        onBlur={() => setTouched(true)}
        error={touched && problem ? problem : undefined}
        required
      />
      {failure ? <ErrorNote>{failure}</ErrorNote> : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Inviting…' : 'Invite as guardian'}
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
  const text = inviteText(firstName, invitation.link)
  const [copied, setCopied] = useState('')
  const linkId = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  // Her Invite button is gone: the invitation takes the focus, so she hears what to do next.
  useEffect(() => heading.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.link)
      setCopied('Link copied.')
    } catch {
      ;(document.getElementById(linkId) as HTMLInputElement | null)?.select()
      setCopied('Copying is not possible here: the link is selected, copy it yourself.')
    }
  }

  return (
    <div className="guardians__invitation">
      <h3 className="guardians__subtitle" ref={heading} tabIndex={-1}>
        Invitation for {invitation.name} is ready
      </h3>
      <p>Send it now. The link is for {invitation.name} only: anyone who has it can manage their alerts.</p>
      <div className="guardians__send">
        <a
          className="btn btn--primary"
          href={whatsappInvite(text, invitation.phone)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Send on WhatsApp
        </a>
        <a className="btn btn--primary" href={smsInvite(text, invitation.phone)}>
          Send by SMS
        </a>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={linkId}>
          Invitation link
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
          Copy link
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
      <p className="guardians__status" role="status">
        {copied}
      </p>
      <details className="guardians__message">
        <summary>Message</summary>
        <p>{text}</p>
      </details>
    </div>
  )
}
