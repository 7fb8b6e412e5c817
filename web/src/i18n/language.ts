/**
 * Which language she reads: `?lang=` in the address, else her choice kept on this device, else her browser's
 * languages. An unknown code anywhere means English. Switching loads the new catalogs first, then changes every
 * screen at once (no reload) and `<html lang>`.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOf } from '@wings/contract'
import { activateCatalogs, loadCatalogs, useShownLanguage } from './catalog.tsx'

const KEY = 'wings.language'

function stored(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

function keep(language: Language): void {
  try {
    localStorage.setItem(KEY, language)
  } catch {
    // Storage refused (private mode, full): the choice lasts until the page closes.
  }
}

/** A code from storage, the address or the profile: itself when Wings speaks it, English otherwise. */
export const languageOrEnglish = (code: string | null | undefined): Language =>
  isLanguage(code) ? code : DEFAULT_LANGUAGE

/** Her choice kept on this device, if she made one. */
export const keptLanguage = (): Language | null => {
  const code = stored()
  return code === null ? null : languageOrEnglish(code)
}

/** The language to start in (see the module's comment). */
export function startingLanguage(search = location.search, browser: readonly string[] = navigator.languages ?? []) {
  const asked = new URLSearchParams(search).get('lang')
  if (asked !== null) return languageOrEnglish(asked)
  return keptLanguage() ?? languageOf(browser.length > 0 ? browser : [navigator.language])
}

function show(language: Language): void {
  activateCatalogs(language)
  document.documentElement.lang = language
}

/** Shows the app in `language` before its first screen; waits only for the catalogs already needed. */
export async function startLanguage(language: Language = startingLanguage()): Promise<void> {
  await loadCatalogs(language)
  show(language)
}

/** Her choice from a switcher: kept on the device, shown everywhere once its messages have arrived. */
export async function setLanguage(language: Language): Promise<void> {
  keep(language)
  await loadCatalogs(language)
  show(language)
}

/** The language shown now; re-renders on a change. */
export function useLanguage(): Language {
  return languageOrEnglish(useShownLanguage())
}
