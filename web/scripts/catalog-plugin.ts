import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** A message catalog: web/src/**\/locales/<language>.json, one flat object of ICU messages. */
export const CATALOG = /\/locales\/[a-z]{2}\.json$/

/**
 * Compiles each catalog's ICU messages when it is built (Lingui's own compiler, the one its CLI runs), so the app
 * ships compiled messages and no message parser. Lingui's Vite plugin would do the same for .po catalogs but brings
 * its whole CLI and a catalog config; ours are JSON beside each feature, typed by the English one.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'wings:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id
      if (!CATALOG.test(path)) return null
      const messages: Record<string, unknown> = JSON.parse(code)
      const compiled: Record<string, unknown> = {}
      for (const [key, message] of Object.entries(messages)) {
        if (typeof message !== 'string') this.error(`${path}: "${key}" is not a message`)
        try {
          const tokens = compileMessageOrThrow(message)
          compiled[key] = tokens
        } catch (error) {
          this.error(`${path}: "${key}": ${error instanceof Error ? error.message : error}`)
        }
      }
      return { code: `export default ${JSON.stringify(compiled)}`, map: null, moduleType: 'js' }
    },
  }
}
