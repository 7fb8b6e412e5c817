import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/auth/messages.ts'
import { SignupForm } from '../features/auth/SignupForm.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/signup')({ component: Signup })

function Signup() {
  const t = useT()
  return (
    <Page title={t('signupTitle')} className="auth">
      <div className="card auth__card">
        <SignupForm />
      </div>
    </Page>
  )
}
