/**
 * The app's messages in React: `catalog()` is `messages()` (translate.ts) with `useT()` and `<T>` for components.
 */
import { LinguiContext, Trans } from '@lingui/react'
import type { Language } from '@wings/contract'
import { type ReactElement, type ReactNode, use, useSyncExternalStore } from 'react'
import { english, i18n, type Loaders, messages, type Plain, type Values } from './translate.ts'

export { activateCatalogs, INTL_LOCALE, i18n, loadCatalogs } from './translate.ts'

/** Counts the changes of language and of loaded messages: what a component shows depends on both. */
let changes = 0
i18n.on('change', () => {
  changes += 1
})
const onChange = (listener: () => void) => i18n.on('change', listener)

/** The language shown now, re-rendering the component when it or its messages change. */
export function useShownLanguage(): Language {
  useSyncExternalStore(onChange, () => changes)
  return i18n.locale as Language
}

/**
 * `t` of a plain catalog (translate.ts's `messages()`, for one the service worker shares) in a component: re-renders
 * on a change of language and suspends until the catalog for her language has arrived.
 */
export function useMessages<F>(plain: Pick<Plain, 'load' | 'state'> & { t: F }): F {
  const language = useShownLanguage()
  if (plain.state(language) === 'loading') use(plain.load(language))
  return plain.t
}

/**
 * A feature's messages: `t(key, values)` anywhere, `useT()` in components (suspends until the feature's catalog
 * for her language has arrived), `<T k="..." components={{ 0: <a /> }} />` for messages with markup.
 */
export function catalog<K extends string>(namespace: string, en: Record<K, string>, others: Loaders) {
  const plain = messages(namespace, en, others)
  const { t } = plain

  // biome-ignore lint/correctness/noComponentHookFactories: made once per feature when its module loads, never in a render
  function useT(): typeof t {
    return useMessages(plain)
  }

  /** A message with markup: `<0>…</0>` in the message wraps `components[0]`'s element around its text. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per feature when its module loads, never in a render
  function T({ k, values, components }: { k: K; values?: Values; components?: Record<string, ReactElement> }) {
    useT()
    const id = `${namespace}.${k}`
    return (
      <InLanguage inEnglish={!(id in i18n.messages)}>
        <Trans id={id} values={values} components={components} />
      </InLanguage>
    )
  }

  return { t, useT, T, namespace }
}

/** Lingui's <Trans> reads its messages from a context: hers, or English for a message not in her catalogs yet. */
const shownContext = { i18n, _: i18n.t.bind(i18n) }
const englishContext = { i18n: english, _: english.t.bind(english) }
const InLanguage = ({ inEnglish, children }: { inEnglish: boolean; children: ReactNode }) => (
  <LinguiContext.Provider value={inEnglish ? englishContext : shownContext}>{children}</LinguiContext.Provider>
)
