import { createFileRoute } from '@tanstack/react-router'
import { SignupForm } from '../features/auth/SignupForm.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/signup')({ component: Signup })

function Signup() {
  return (
    <Page title="Create a new Account" className="auth">
      <div className="card auth__card">
        <SignupForm />
      </div>
    </Page>
  )
}
