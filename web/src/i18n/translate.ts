/**
 * The app's messages without React (the service worker and plain modules use this; components use catalog.tsx's):
 * Lingui with one catalog per feature and language (`locales/en.json`, `hi.json`, `mr.json` beside the feature's
 * code), ICU messages compiled at build (scripts/catalog-plugin.ts). English comes with the feature's own script;
 * Hindi and Marathi are fetched only when she reads them (and precached for offline use).
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core'
import { DEFAULT_LANGUAGE, type Language } from '@wings/contract'

/** A feature's other catalogs: `import.meta.glob('./locales/{hi,mr}.json')` (each its own precached script). */
export type Loaders = Record<string, () => Promise<unknown>>
export type Values = Record<string, unknown>

/** The language she reads (a component re-renders on a change through catalog.tsx's `useT`). */
export const i18n: I18n = setupI18n()
/** Every message in English: what a message not yet loaded (or missing, which a test forbids) shows instead of its key. */
export const english: I18n = setupI18n()

/** Intl's name for each language: Latin digits in Marathi too, as phone numbers, times and the 112 she dials are. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN-u-nu-latn' }

interface Registered {
  load(language: Language): Promise<void>
}
const registered: Registered[] = []
/** The language being switched to, if any: a screen whose script arrives meanwhile fetches its catalog at once. */
let wanted: Language | undefined

/** Loads every catalog of the app's loaded screens in `language` (new screens load theirs as they come). */
export function loadCatalogs(language: Language): Promise<void> {
  wanted = language
  return Promise.all(registered.map((catalog) => catalog.load(language))).then(() => undefined)
}

/** Switches the messages shown; the caller has loaded the catalogs (setLanguage in language.ts does both). */
export function activateCatalogs(language: Language): void {
  i18n.load(language, {})
  i18n.activate(language, [INTL_LOCALE[language]])
}

const prefixed = (namespace: string, messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${namespace}.${key}`, message]))

/** A feature's messages: `t(key, values)` in her language, English for one not loaded (never a key). */
export function messages<K extends string>(namespace: string, en: Record<K, string>, others: Loaders) {
  const source = prefixed(namespace, en as Messages)
  english.load(DEFAULT_LANGUAGE, source)
  i18n.load(DEFAULT_LANGUAGE, source)
  const loaded = new Set<Language>([DEFAULT_LANGUAGE])
  /** One promise per language while it loads, resolved either way: `use()` needs the same promise on each render. */
  const loading = new Map<Language, Promise<void>>()
  /** Languages whose catalog did not arrive (offline before it was ever cached): English until she asks again. */
  const failed = new Set<Language>()

  function load(language: Language, retry = false): Promise<void> {
    if (loaded.has(language) || (failed.has(language) && !retry)) return Promise.resolve()
    failed.delete(language)
    let promise = loading.get(language)
    if (!promise) {
      const fetch = others[`./locales/${language}.json`]
      promise = (fetch ? fetch() : Promise.reject(new Error(`No ${language} catalog for ${namespace}`)))
        .then((module) => {
          i18n.load(language, prefixed(namespace, (module as { default: Messages }).default))
          loaded.add(language)
        })
        .catch(() => {
          failed.add(language)
        })
        .finally(() => loading.delete(language))
      loading.set(language, promise)
    }
    return promise
  }
  registered.push({ load: (language) => load(language, true) })
  void load(wanted ?? (i18n.locale as Language))

  function t(key: K, values?: Values): string {
    const id = `${namespace}.${key}`
    return id in i18n.messages ? i18n._(id, values) : english._(id, values)
  }

  /** Whether this catalog can show `language` now (loaded), or never will until asked again (failed). */
  const state = (language: Language) => (loaded.has(language) ? 'loaded' : failed.has(language) ? 'failed' : 'loading')

  return { t, load, state, namespace }
}

export type Plain = ReturnType<typeof messages>

/**
 * Shows an English text made elsewhere (the contract's rules and messages) in her language: `english` gives, for
 * each message key of the catalog `t` reads, the English text it stands for; a text not among them comes back as it
 * came.
 */
export function fromEnglish<K extends string>(
  english: Readonly<Partial<Record<K, string>>>,
  t: (key: K, values?: Values) => string,
  values?: Values,
) {
  let byText: Map<string, K> | undefined
  function inHerLanguage(message: string): string
  function inHerLanguage(message: string | undefined): string | undefined
  function inHerLanguage(message: string | undefined): string | undefined {
    if (!message) return message
    byText ??= new Map(Object.entries(english as Record<string, string>).map(([key, text]) => [text, key as K]))
    const key = byText.get(message)
    return key ? t(key, values) : message
  }
  return inHerLanguage
}

english.load(DEFAULT_LANGUAGE, {})
english.activate(DEFAULT_LANGUAGE, [INTL_LOCALE.en])
// English until startLanguage (main.tsx) says otherwise: a test or a screen never meets an unset language.
i18n.load(DEFAULT_LANGUAGE, {})
activateCatalogs(DEFAULT_LANGUAGE)
