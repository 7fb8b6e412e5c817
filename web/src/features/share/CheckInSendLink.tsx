/**
 * 'Send your live link': one tap per trusted contact, by SMS (works with no mobile data) or WhatsApp, addressed to
 * them, with the check-in and the link in the message. Plain links: they work offline too.
 */
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useTrustedContacts } from '../trusted-contacts/index.ts'
import { checkInMessage, recipientLinks, unaddressedLinks } from './checkInRecipients.ts'
import type { CheckIn } from './session.ts'

export function CheckInSendLink({ checkIn, link }: { checkIn: CheckIn; link: string }) {
  const contacts = useTrustedContacts()
  const headingId = useId()
  if (contacts === undefined) return null
  const text = checkInMessage(checkIn, link)
  const recipients = recipientLinks(contacts, text)
  const anyone = unaddressedLinks(text)
  return (
    <section className="checkin-send" aria-labelledby={headingId}>
      <h3 id={headingId} className="checkin-send__title">
        Send your live link
      </h3>
      {recipients.length === 0 ? (
        <>
          <p className="share-panel__note">
            You have no trusted contacts yet: choose whom to send it to in your messaging app, or{' '}
            <Link to="/safety">add trusted contacts</Link>.
          </p>
          <div className="checkin-send__links">
            <a className="btn btn--secondary btn--sm" href={anyone.sms}>
              Send by SMS
            </a>
            <a className="btn btn--secondary btn--sm" href={anyone.whatsapp} target="_blank" rel="noopener noreferrer">
              Send on WhatsApp
            </a>
          </div>
        </>
      ) : (
        <ul className="checkin-send__list">
          {recipients.map((to) => (
            <li key={to.id} className="checkin-send__contact">
              <span className="checkin-send__name">{to.name}</span>
              {to.sms && to.whatsapp ? (
                <span className="checkin-send__links">
                  <a className="btn btn--secondary btn--sm" href={to.sms}>
                    SMS to {to.name}
                  </a>
                  <a
                    className="btn btn--secondary btn--sm"
                    href={to.whatsapp}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    WhatsApp to {to.name}
                  </a>
                </span>
              ) : (
                <span className="share-panel__problem">
                  {to.phone} is not a phone number Wings can send to. Correct it in your trusted contacts.
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
