/**
 * 'Send your live link': one tap per trusted contact, by SMS (works with no mobile data) or WhatsApp, addressed to
 * them, with the check-in and the link in the message. Plain links: they work offline too.
 */
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useTrustedContacts } from '../trusted-contacts/index.ts'
import { checkInMessage, recipientLinks, unaddressedLinks } from './checkInRecipients.ts'
import { T, useT } from './messages.ts'
import type { CheckIn } from './session.ts'

export function CheckInSendLink({ checkIn, link }: { checkIn: CheckIn; link: string }) {
  const t = useT()
  const contacts = useTrustedContacts()
  const headingId = useId()
  if (contacts === undefined) return null
  const text = checkInMessage(checkIn, link)
  const recipients = recipientLinks(contacts, text)
  const anyone = unaddressedLinks(text)
  return (
    <section className="checkin-send" aria-labelledby={headingId}>
      <h3 id={headingId} className="checkin-send__title">
        {t('sendTitle')}
      </h3>
      {recipients.length === 0 ? (
        <>
          <p className="share-panel__note">
            <T k="noContacts" components={{ 0: <Link to="/safety" /> }} />
          </p>
          <div className="checkin-send__links">
            <a className="btn btn--secondary btn--sm" href={anyone.sms}>
              {t('sendSms')}
            </a>
            <a className="btn btn--secondary btn--sm" href={anyone.whatsapp} target="_blank" rel="noopener noreferrer">
              {t('sendWhatsApp')}
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
                    {t('smsTo', { name: to.name })}
                  </a>
                  <a
                    className="btn btn--secondary btn--sm"
                    href={to.whatsapp}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('whatsAppTo', { name: to.name })}
                  </a>
                </span>
              ) : (
                <span className="share-panel__problem">{t('badPhone', { phone: to.phone })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
