import { createFileRoute, Link } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'

export const Route = createFileRoute('/about')({ component: About })

function About() {
  return (
    <Page title="About Wings" className="prose">
      <p>
        Wings is a personal-safety app for women. It helps you plan safer trips, reach help fast and find the right
        helpline, and it gives survivors a place to share their stories.
      </p>
      <h2>What Wings does</h2>
      <ul>
        <li>
          <strong>Emergency SOS</strong>: one press shares your position with people you trust through a messaging app.
        </li>
        <li>
          <strong>Helplines</strong>: the emergency and helpline numbers, stored on your phone so they work offline;
          every number can be called or copied.
        </li>
        <li>
          <strong>Quick exit</strong>: the Quick exit button (or the Escape key) leaves Wings at once for a neutral
          page.
        </li>
        <li>
          <strong>Safe routes, incident reports and stories</strong>: being built for the next versions.
        </li>
      </ul>
      <h2>How it is built</h2>
      <p>
        Wings installs on your home screen from the browser and keeps working without a network. It runs on its own
        server: no advertising, no trackers and no third-party services see what you do.
      </p>
      <p>
        Questions or ideas? <Link to="/contact">Contact us</Link>.
      </p>
    </Page>
  )
}
