import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Dialog } from '../../ui/Dialog.tsx'
import { currentShare, shareLink, startShare } from '../share/session.ts'
import { trustedContactsNow } from '../trusted-contacts/contacts.ts'
import { alertGuardians, type GuardianAlert, guardianAlertText, isSignedIn, staleMessage } from './guardianAlert.ts'
import { ageText, type KnownPosition, lastKnownPosition, rememberPosition } from './lastPosition.ts'
import {
  callLink,
  SOS_CONFIRM,
  SOS_LOCATE_TIMEOUT_MS,
  SOS_NO_GEOLOCATION,
  SOS_NO_LOCATION,
  type SosPlace,
  smsLink,
  sosText,
} from './sos.ts'
import { onSosRequest } from './sosRequest.ts'
import { WhatsAppLink } from './WhatsAppLink.tsx'

/** How long the live link an SOS starts runs (minutes): long enough for help to arrive, and it stops by itself. */
export const SOS_SHARE_MINUTES = 60

interface Contact {
  name: string
  phone: string
}

interface SheetState {
  message?: string | undefined
  locating: boolean
  place: SosPlace
  problem: string
  liveLink: string | null
  liveNote: string
  contacts: Contact[]
  /** Signed in: what became of the alert to her guardians. */
  guardians: GuardianAlert | null
}

const EMPTY: SheetState = {
  locating: true,
  place: { position: null, stale: false },
  problem: '',
  liveLink: null,
  liveNote: '',
  contacts: [],
  guardians: null,
}

/** How long the guardians' alert waits for the live link being made, before it goes without it. */
export const ALERT_LINK_WAIT_MS = 8_000

/** A fresh fix: high accuracy, at most SOS_LOCATE_TIMEOUT_MS. */
function locate(): Promise<KnownPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude, accuracy: p.coords.accuracy, at: Date.now() }),
      reject,
      { enableHighAccuracy: true, timeout: SOS_LOCATE_TIMEOUT_MS, maximumAge: 30_000 },
    )
  })
}

/** Where she is: a fresh fix, else the last known position (with its age), else nothing and the spec's alert text. */
async function findPlace(): Promise<{ place: SosPlace; problem: string }> {
  const supported = typeof navigator !== 'undefined' && Boolean(navigator.geolocation)
  if (supported) {
    try {
      const position = await locate()
      void rememberPosition(position)
      return { place: { position, stale: false }, problem: '' }
    } catch {
      // Falls back to the last known position below.
    }
  }
  const last = await lastKnownPosition()
  const problem = supported ? SOS_NO_LOCATION : SOS_NO_GEOLOCATION
  return { place: { position: last, stale: last !== null }, problem }
}

/** The live link for the message: the running share's, or a new one when online (it stops by itself). */
async function liveLinkNow(): Promise<{ link: string | null; note: string }> {
  const running = await currentShare().catch(() => null)
  if (running) return { link: shareLink(running), note: 'Your live location link is in the message.' }
  if (navigator.onLine === false) return { link: null, note: 'No connection: the message has no live link.' }
  try {
    const share = await startShare(SOS_SHARE_MINUTES, undefined, { sos: true })
    return { link: shareLink(share), note: 'Live location shared for 1 hour. The link is in the message.' }
  } catch {
    return { link: null, note: 'The live location link could not be made; the message has your position.' }
  }
}

/** Signed in: alerts her guardians once her position is known, with the live link's token if one is made in time. */
async function alertWhenReady(
  located: Promise<{ place: SosPlace }>,
  linked: Promise<unknown>,
  message: string | undefined,
  update: (change: Partial<SheetState>) => void,
): Promise<void> {
  if (!(await isSignedIn())) return
  update({ guardians: { kind: 'sending' } })
  const [{ place }] = await Promise.all([
    located,
    Promise.race([linked, new Promise((resolve) => setTimeout(resolve, ALERT_LINK_WAIT_MS))]),
  ])
  const share = await currentShare().catch(() => null)
  // The server takes the position as it is sent: an old one must say so in her words.
  const words = place.stale && place.position ? staleMessage(message, place.position.at) : message
  update({ guardians: await alertGuardians(place.position, share?.token, words) })
}

/**
 * The SOS sheet: after the confirmation, every way to reach help at once (a messaging app, SMS to her trusted
 * contacts with no data needed, a call to 112, the share sheet), with her position or the last known one.
 */
export function SosSheet() {
  const [open, setOpen] = useState(false)
  const [sheet, setSheet] = useState<SheetState>(EMPTY)
  const run = useRef(0)

  useEffect(
    () =>
      onSosRequest((request) => {
        if (!request.skipConfirm && !window.confirm(SOS_CONFIRM)) return
        const current = ++run.current
        const update = (change: Partial<SheetState>) => {
          if (current === run.current) setSheet((s) => ({ ...s, ...change }))
        }
        setSheet({ ...EMPTY, message: request.message })
        setOpen(true)
        void trustedContactsNow()
          .then((contacts) => update({ contacts }))
          .catch(() => undefined)
        const located = findPlace()
        const linked = liveLinkNow()
        void located.then(({ place, problem }) => update({ place, problem, locating: false }))
        void linked.then(({ link, note }) => update({ liveLink: link, liveNote: note }))
        // Only a press she confirmed alerts her guardians: a missed check-in opens the sheet by itself, and the
        // server alerts them of that on its own.
        if (!request.skipConfirm) void alertWhenReady(located, linked, request.message, update)
      }),
    [],
  )

  const text = sosText(sheet.place, {
    ...(sheet.message ? { message: sheet.message } : {}),
    ...(sheet.liveLink ? { liveLink: sheet.liveLink } : {}),
  })
  const phones = sheet.contacts.map((c) => c.phone)
  const { position } = sheet.place
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  return (
    <Dialog open={open} title="Emergency SOS" onClose={() => setOpen(false)}>
      <div className="sos-sheet">
        <p className="sos-sheet__where" role="status">
          {sheet.locating
            ? 'Finding your location...'
            : position
              ? `${sheet.place.stale ? `Last known position, ${ageText(position.at)}` : 'Your location'}: ${position.lat.toFixed(5)}, ${position.lon.toFixed(5)}${position.accuracy ? ` (within ${Math.round(position.accuracy)} m)` : ''}`
              : 'Your location is not known.'}
        </p>
        {sheet.problem ? (
          <p className="sos-sheet__problem" role="alert">
            {sheet.problem}
          </p>
        ) : null}
        <div className="sos-sheet__actions">
          <a className="btn btn--danger sos-sheet__action" href={callLink()}>
            Call 112
          </a>
          <a className="btn btn--primary sos-sheet__action" href={smsLink(phones, text)}>
            {phones.length > 0 ? 'Send SMS to trusted contacts' : 'Send SMS'}
          </a>
          <WhatsAppLink text={text} contacts={sheet.contacts} className="btn btn--primary sos-sheet__action" />
          {canShare ? (
            <button
              type="button"
              className="btn btn--secondary sos-sheet__action"
              onClick={() => void navigator.share({ title: 'SOS', text }).catch(() => undefined)}
            >
              Share with another app
            </button>
          ) : null}
        </div>
        <p className="sos-sheet__note">
          {phones.length > 0 ? (
            `SMS goes to ${sheet.contacts.map((c) => c.name).join(', ')} and works without mobile data.`
          ) : (
            <>
              SMS works without mobile data. <Link to="/safety">Add trusted contacts</Link> to send it to them at once.
            </>
          )}
        </p>
        {sheet.liveNote ? <p className="sos-sheet__note">{sheet.liveNote}</p> : null}
        {sheet.guardians ? (
          <p className="sos-sheet__note sos-sheet__guardians" role="status">
            {sheet.guardians.kind === 'none' && !sheet.guardians.invited ? (
              <>
                No guardians yet: invite one on{' '}
                <Link to="/safety" onClick={() => setOpen(false)}>
                  Safety tools
                </Link>
                .
              </>
            ) : (
              guardianAlertText(sheet.guardians)
            )}
          </p>
        ) : null}
        <details className="sos-sheet__message">
          <summary>Message</summary>
          <p>{text}</p>
        </details>
      </div>
    </Dialog>
  )
}
