import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { NEVER_STORED, STORED_DATA, type StoredGroup } from './stored-data.ts'
import './privacy.css'

/** /privacy: what Wings keeps, where and for how long, rendered from stored-data.ts (which tests hold to the code). */
export function PrivacyPage() {
  return (
    <>
      <p>
        This page says exactly what Wings keeps about you, where, and for how long. In short: no ads, no trackers, no
        analytics. Incident reports, route ratings and tips are anonymous: nothing links them to you. A live location
        share keeps only your latest position, and deletes it when the share ends.
      </p>

      <h2>What is kept, where, and for how long</h2>
      <p>
        “Your phone” means your browser’s storage on your phone (IndexedDB), which lets Wings work without a network.
        “Our server” means the one server that runs this Wings.
      </p>
      {STORED_DATA.map((group) => (
        <StoredTable key={group.title} group={group} />
      ))}

      <h2>Never kept</h2>
      <ul>
        {NEVER_STORED.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <h2>Who else sees anything</h2>
      <p>Wings talks only to its own server, with these exceptions:</p>
      <ul>
        <li>
          WhatsApp, SMS and phone calls you start from the SOS go through those apps and your phone company, as any
          message or call does.
        </li>
        <li>
          Guardians’ notifications pass through the notification service of their browser (Google’s, Mozilla’s, Apple’s
          or Microsoft’s), locked so that it cannot read them. E-mails to guardians, with your message, position and
          live link, pass through the mail service of whoever runs this server and the guardian’s own, which can read
          them.
        </li>
        <li>
          If whoever runs this server has set up a language model for Saathi, it receives the messages you write to
          Saathi. If they chose an outside map service, it sees which parts of the map you look at and your network
          address.
        </li>
      </ul>

      <h2>On your phone</h2>
      <p>
        Logging out removes your account details from this phone, and, if you choose, your trusted contacts. Your
        drafts, saved routes, chat copy, the stories and maps you looked at, and your last known position stay on the
        phone, hidden where they are yours, for when you log in again. To remove everything Wings keeps on a phone,
        clear the site’s data in your browser’s settings.
      </p>

      <h2>Quick exit</h2>
      <p>
        The Quick exit button and the Escape key replace Wings with a neutral page and forget what the app held in
        memory. Your browser history may still show that you visited Wings: use a private window if that matters.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your details on your profile, and delete your stories, drafts, saved routes, trusted
        contacts and guardians yourself. Ask us through the <Link to="/contact">contact page</Link> for a copy of your
        data, or to delete your account: your stories, drafts, likes, saves, reports, saved routes, trusted contacts,
        guardians and chats go with it.
      </p>

      <h2>Where each thing is kept</h2>
      <details className="privacy__names">
        <summary>The names of the server’s tables and the phone’s stores, for the technically minded</summary>
        <ul>
          {STORED_DATA.flatMap((group) => group.items)
            .filter((item) => item.serverTables.length > 0 || item.phoneStores.length > 0)
            .map((item) => (
              <li key={item.what}>
                {item.what}: <Names label="server" names={item.serverTables} />
                {item.serverTables.length > 0 && item.phoneStores.length > 0 ? '; ' : null}
                <Names label="phone" names={item.phoneStores} />
              </li>
            ))}
        </ul>
      </details>
    </>
  )
}

/**
 * One group's table. Under 600 px its rows stack (privacy.css), and a display other than table's drops the table's
 * semantics in some browsers: the explicit roles keep them, so a screen reader still reads "Where" and "How long".
 */
function StoredTable({ group }: { group: StoredGroup }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{group.title}</h3>
      {/* biome-ignore-start lint/a11y/noRedundantRoles: see above */}
      <table className="privacy__table" role="table" aria-labelledby={headingId}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              What
            </th>
            <th scope="col" role="columnheader">
              Where
            </th>
            <th scope="col" role="columnheader">
              How long
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {group.items.map((item) => (
            <tr key={item.what} role="row">
              <th scope="row" role="rowheader">
                <span className="privacy__what">{item.what}</span>
                <span className="privacy__details">{item.details}</span>
              </th>
              <td role="cell">
                <span className="privacy__label" aria-hidden="true">
                  Where:{' '}
                </span>
                {item.where}
              </td>
              <td role="cell">
                <span className="privacy__label" aria-hidden="true">
                  How long:{' '}
                </span>
                {item.howLong}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* biome-ignore-end lint/a11y/noRedundantRoles: see above */}
    </section>
  )
}

function Names({ label, names }: { label: string; names: readonly string[] }) {
  if (names.length === 0) return null
  return (
    <>
      {label}{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 ? ', ' : null}
          <code>{name}</code>
        </span>
      ))}
    </>
  )
}
