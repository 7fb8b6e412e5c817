import type { User } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import { db } from '../../db/db.ts'
import { storeServerUser } from '../../db/user.ts'
import { syncEngine } from '../../sync/engine.ts'
import { useProfileLanguage } from '../language/index.ts'

export interface Auth {
  /** The signed-in user, null when signed out, undefined while the stored record is being read. */
  user: User | null | undefined
  ready: boolean
  setUser: (user: User) => Promise<void>
  clearUser: (options?: ForgetOptions) => Promise<void>
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

export interface ForgetOptions {
  /** What becomes of her account's trusted contacts on this phone (leaveAccountContacts); as they are when absent. */
  keepContacts?: boolean
}

/** Signs her out on this phone, and keeps or removes her account's trusted contacts here in the same transaction. */
export async function forgetUser({ keepContacts }: ForgetOptions = {}): Promise<void> {
  // Fetched before the transaction (which must not wait on anything but the database); not part of the first screen.
  const { leaveAccountContacts } = await import('../trusted-contacts/index.ts')
  await db.transaction('rw', [db.user, db.trustedContacts, db.meta], async () => {
    const userId = (await db.user.get('me'))?.user._id
    if (userId && keepContacts !== undefined) await leaveAccountContacts(userId, keepContacts)
    await db.user.delete('me')
  })
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
  useProfileLanguage(user)
  const setUser = useCallback((u: User) => storeUser(u), [])
  const clearUser = useCallback((options?: ForgetOptions) => forgetUser(options), [])
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
