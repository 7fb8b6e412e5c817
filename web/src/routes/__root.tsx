import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'
import { Frame } from '../app/Frame.tsx'
import { T, useT } from '../app/messages.ts'
import { Page } from '../ui/Page.tsx'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
})

function Root() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  )
}

function NotFound() {
  const t = useT()
  return (
    <Page title={t('notFoundTitle')}>
      <p>
        <T k="notFoundText" components={{ 0: <Link to="/" />, 1: <Link to="/help" /> }} />
      </p>
    </Page>
  )
}
