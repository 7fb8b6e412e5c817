import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { SignupForm } from '../features/auth/SignupForm.tsx'

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
