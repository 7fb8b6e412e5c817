/** The languages Wings speaks; English is the source and the fallback. No TypeBox: the first screen imports this. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const
export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** Each language's name in its own script, as a switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' }

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/**
 * The first supported language among a browser's preferred ones (`hi-IN` is Hindi); English when none is.
 * Unknown codes are skipped, never an error.
 */
export function languageOf(preferred: readonly (string | null | undefined)[]): Language {
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split(/[-_]/)[0]
    if (isLanguage(base)) return base
  }
  return DEFAULT_LANGUAGE
}
