import { createFileRoute, Link } from '@tanstack/react-router'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/terms')({ component: Terms })

function Terms() {
  return (
    <Page title="Terms of use" className="prose">
      <p>By using Wings you agree to these terms. They are short on purpose.</p>
      <h2>Wings is not an emergency service</h2>
      <p>
        Wings helps you reach help; it does not replace it. In danger, call <a href="tel:112">112</a>. Safety scores and
        route suggestions are estimates from available data and can be wrong: always use your own judgement.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>You must be at least 13 years old to create an account.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
        <li>You can stop using Wings at any time; ask us through the contact page to delete your account.</li>
      </ul>
      <h2>What you share</h2>
      <ul>
        <li>Post only what you have the right to share. Do not post anyone’s personal details without consent.</li>
        <li>
          No harassment, hate, threats or false reports. We may remove such content and close accounts that post it.
        </li>
        <li>You keep the rights to your stories; you allow Wings to show them in the app.</li>
      </ul>
      <h2>Changes</h2>
      <p>
        If these terms change, the app says so before the change applies. See also our{' '}
        <Link to="/privacy">Privacy</Link> page.
      </p>
    </Page>
  )
}
