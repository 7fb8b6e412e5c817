import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type AnyRouter, RouterProvider } from '@tanstack/react-router'
import { AuthProvider } from '../features/auth/AuthProvider.tsx'
import { ToastProvider } from '../ui/Toast.tsx'

/** The app's providers around its router: the one stack that the app (main.tsx) and the tests (renderInApp) render. */
export function AppProviders({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}
