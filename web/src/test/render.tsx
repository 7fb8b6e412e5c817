import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { makeQueryClient } from '../app/queryClient.ts'
import { AuthProvider } from '../features/auth/AuthProvider.tsx'
import { ToastProvider } from '../ui/Toast.tsx'

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
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}
