import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'
import { Frame } from '../app/Frame.tsx'
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
  return (
    <Page title="Page not found">
      <p>
        There is no page at this address. <Link to="/">Go to the home page</Link> or{' '}
        <Link to="/help">see the helpline numbers</Link>.
      </p>
    </Page>
  )
}
