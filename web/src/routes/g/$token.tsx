import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { GuardianPage } from '../../features/guardians/GuardianPage.tsx'
import { useT } from '../../features/guardians/messages.ts'
import { Page } from '../../ui/Page.tsx'

interface GuardianSearch {
  confirm?: string
  stop?: true
}

export const Route = createFileRoute('/g/$token')({
  // The router reads query values as JSON where it can: '?stop=1' arrives as the number 1.
  validateSearch: (search: Record<string, unknown>): GuardianSearch => ({
    ...(typeof search.confirm === 'string' && search.confirm ? { confirm: search.confirm } : {}),
    ...(String(search.stop) === '1' ? { stop: true as const } : {}),
  }),
  component: Guardian,
})

/** A guardian's page, from the invitation she sent: no account, the link is their right. */
function Guardian() {
  const { token } = Route.useParams()
  const { confirm, stop } = Route.useSearch()
  const navigate = Route.useNavigate()
  const t = useT()
  // The confirmation code is used once, and the stop question asked once: neither stays in the address.
  const handled = useCallback(() => void navigate({ search: {}, replace: true }), [navigate])
  return (
    <Page title={t('routeTitle')} className="guardian-route">
      <GuardianPage key={token} token={token} confirm={confirm} stop={stop} onHandled={handled} />
    </Page>
  )
}
