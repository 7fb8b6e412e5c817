import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  useRouterState,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AppProviders } from '../app/AppProviders.tsx'
import { makeQueryClient } from '../app/queryClient.ts'

/** Renders `ui` at `path` inside the app's providers and a memory router (every other path shows its pathname). */
export function renderInApp(ui: ReactNode, path = '/') {
  const rootRoute = createRootRoute({ component: () => <Outlet /> })
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{ui}</> })
  const other = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Other() {
      const pathname = useRouterState({ select: (st) => st.location.pathname })
      return <p data-testid="elsewhere">{pathname}</p>
    },
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute, other]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const queryClient = makeQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const result = render(<AppProviders queryClient={queryClient} router={router} />)
  return { ...result, router, queryClient }
}
