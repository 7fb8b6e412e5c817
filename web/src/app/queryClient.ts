import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/client.ts'

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (count, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return count < 2
        },
      },
      mutations: { networkMode: 'always' },
    },
  })
}
