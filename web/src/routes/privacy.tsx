import { createFileRoute, Link } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'

export const Route = createFileRoute('/privacy')({ component: Privacy })

function Privacy() {
  return (
    <Page title="Privacy" className="prose">
      <p>
        This page says exactly what Wings stores, where and for how long. Wings uses no third-party trackers, no
        advertising, no analytics and no outside services: the app talks only to its own server.
      </p>
      <h2>On our server</h2>
      <ul>
        <li>
          <strong>Your account</strong>: first name, last name, age, gender, e-mail address and your password as an
          argon2id hash (never the password itself). Kept until you ask us to delete the account.
        </li>
        <li>
          <strong>Your session</strong>: when you log in, your browser gets an HttpOnly session cookie that scripts
          cannot read; the server keeps only a hash of it. It lasts 30 days, and ends at once when you log out.
        </li>
        <li>
          <strong>Contact messages</strong>: the name, e-mail address and message you send through the contact form or
          the e-mail support box, kept so we can answer you.
        </li>
        <li>
          <strong>Incident reports</strong> (a later feature): anonymous. A report is not linked to your account, your
          IP address is not kept, its position is snapped to about 50 m and its time to the hour.
        </li>
      </ul>
      <h2>On your device</h2>
      <p>
        Wings keeps some data in your browser’s storage (IndexedDB) so it works offline: your user record (the account
        details above, without the password) while you are logged in, and the helpline numbers. Later versions also keep
        your saved routes, drafts and the changes waiting to be sent (the outbox) there. Logging out removes your user
        record from the device. Clearing the site’s data in your browser removes all of it.
      </p>
      <h2>Quick exit</h2>
      <p>
        The Quick exit button and the Escape key replace Wings with a neutral page and forget what the app held in
        memory. Your browser history may still show that you visited Wings: use a private window if that matters.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your details on your profile, and ask us through the{' '}
        <Link to="/contact">contact page</Link> for a copy of your data or its deletion.
      </p>
    </Page>
  )
}
