import type { User } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import { db } from '../../db/db.ts'
import { storeServerUser } from '../../db/user.ts'
import { syncEngine } from '../../sync/engine.ts'

export interface Auth {
  /** The signed-in user, null when signed out, undefined while the stored record is being read. */
  user: User | null | undefined
  ready: boolean
  setUser: (user: User) => Promise<void>
  clearUser: () => Promise<void>
}

const AuthContext = createContext<Auth | null>(null)

/**
 * Stores the user the server just answered (sign-in, profile read): her profile changes still in the outbox stay
 * applied on top. The server accepted her session, so ops paused by a 401 may go again.
 */
export async function storeUser(user: User): Promise<void> {
  await storeServerUser(user)
  await syncEngine.resume()
}

export async function forgetUser(): Promise<void> {
  await db.user.delete('me')
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Kept in IndexedDB (survives reloads and works offline) and held in memory by the live query.
  const row = useLiveQuery(
    async () => {
      try {
        return (await db.user.get('me')) ?? null
      } catch {
        return null
      }
    },
    [],
    undefined,
  )
  const user = row === undefined ? undefined : (row?.user ?? null)
  const setUser = useCallback((u: User) => storeUser(u), [])
  const clearUser = useCallback(() => forgetUser(), [])
  const value = useMemo<Auth>(
    () => ({ user, ready: row !== undefined, setUser, clearUser }),
    [user, row, setUser, clearUser],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth needs an AuthProvider')
  return auth
}
