import { createFileRoute, Link } from '@tanstack/react-router'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/about')({ component: About })

function About() {
  return (
    <Page title="About Wings" className="prose">
      <p>
        Wings is a personal-safety app for women. It helps you reach help fast, plan safer trips, find the right
        helpline, and read and share stories with other women. It is made for moments when you may be scared, in a hurry
        or on a weak signal: the helplines, the SOS and everything you saved work without a network, and what you write
        offline is sent once you are back online.
      </p>

      <h2>Reach help</h2>
      <ul>
        <li>
          <strong>Emergency SOS</strong>: one press, then a confirmation, opens your choices at once: call 112, send
          your position by WhatsApp or by SMS to your trusted contacts (SMS needs no mobile data), with a live link when
          you are online. Without a GPS fix it uses the last position your phone knew, and says how old it is.
        </li>
        <li>
          <strong>Guardians</strong>: people you invite are alerted by Wings itself, by notification or e-mail, when you
          press SOS or miss a check-in, even if your phone is off. They need no account.
        </li>
        <li>
          <strong>Live location and check-in</strong>: share where you are for 15 minutes, 1 hour or 4 hours through a
          link anyone can open. Say when you will arrive: if you have not tapped “I’m safe” by then, the link shows a
          missed check-in and your SOS opens. See the <Link to="/safety">safety tools</Link>.
        </li>
        <li>
          <strong>Helplines</strong>: the emergency and helpline numbers, kept on your phone so they work offline; every
          number can be called or copied. See <Link to="/help">Want help?</Link>.
        </li>
        <li>
          <strong>Saathi</strong>: the chat assistant answers questions about safety, helplines, your rights and the
          app, offline too. When a message sounds like danger, in English, Hinglish or several Indian languages, it
          answers with SOS and 112 first.
        </li>
        <li>
          <strong>Quick exit</strong>: the Quick exit button (or the Escape key) leaves Wings at once for a neutral
          page.
        </li>
      </ul>

      <h2>Plan safer trips</h2>
      <ul>
        <li>
          <strong>Safe route planner</strong>: routes on foot, by bike or by car, each with an honest safety score and
          the reasons behind it: street lighting, how busy the streets are, traffic, and what women have reported. The
          score is never dressed up. <Link to="/routecalculation">How scores are calculated</Link>.
        </li>
        <li>
          <strong>Maps offline</strong>: save a route or an area of the map to see it without a network.
        </li>
        <li>
          <strong>Anonymous incident reports</strong>: report harassment, stalking, a dark or deserted street. Reports
          build a map of where women felt unsafe and make route scores more careful; nothing links a report to you.
        </li>
        <li>
          <strong>Route ratings and tips</strong>: rate a route you took and leave a tip for the next woman, also
          anonymously.
        </li>
      </ul>

      <h2>Stories</h2>
      <p>
        The <Link to="/blog">stories blog</Link> is a place for survivors to share what happened and what helped, under
        their name or anonymously, and for others to read, like and save them. Stories that readers report are held for
        a person to review.
      </p>

      <h2>How it is built</h2>
      <p>
        Wings installs on your home screen from the browser and keeps working without a network. It runs on its own
        server, which also finds routes, places and map pictures from OpenStreetMap: no advertising, no trackers and no
        analytics. The <Link to="/privacy">Privacy</Link> page says exactly what is kept, where and for how long.
      </p>
      <p>
        Questions or ideas? <Link to="/contact">Contact us</Link>.
      </p>
    </Page>
  )
}
