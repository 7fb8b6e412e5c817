/**
 * Her language in her profile, signed in (docs/i18n.md): a choice in a switcher is also queued as a profile.update
 * (through the outbox, so offline too), so it follows her to her other devices and her guardians' alerts are written
 * in it. On a device where she never chose, her profile's language is shown once her user arrives. Light: the header
 * (the first screen) loads this.
 */
import type { Language, User } from '@wings/contract'
import { useEffect } from 'react'
import { db } from '../../db/db.ts'
import { applyLocalProfile } from '../../db/user.ts'
import { keptLanguage, languageOrEnglish, setLanguage } from '../../i18n/language.ts'
import { queueOp } from '../../sync/outbox.ts'

/** Queues `profile.update {language}` when she is signed in and her profile says another; answers whether it did. */
export async function keepInProfile(language: Language): Promise<boolean> {
  try {
    const me = await db.user.get('me')
    if (!me || me.user.language === language) return false
    const patch = { language }
    await queueOp('profile.update', patch, (tx) => applyLocalProfile(tx, patch))
    return true
  } catch {
    // Signed out meanwhile, or storage refused it: the choice stays on this device all the same.
    return false
  }
}

/** Her choice in a switcher: shown everywhere and kept on this device, and, signed in, in her profile. */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language)
  await keepInProfile(language)
}

/**
 * The language to switch to for `user`: her profile's (an unknown code is English) when this device kept no choice
 * of hers and the address asks for none (`?lang=`); null otherwise.
 */
export function profileLanguageFor(user: User | null | undefined, search = location.search): Language | null {
  if (!user || user.language === undefined || user.language === null) return null
  if (keptLanguage() !== null || new URLSearchParams(search).has('lang')) return null
  return languageOrEnglish(user.language)
}

/** When her user arrives (sign-in, a stored or pulled profile) on a device with no choice kept: her profile's language. */
export function useProfileLanguage(user: User | null | undefined): void {
  useEffect(() => {
    const wanted = profileLanguageFor(user)
    if (wanted) void setLanguage(wanted)
  }, [user])
}
