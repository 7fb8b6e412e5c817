// The sheet's words that show only once its body has loaded: they load with it, not with every screen.
import { catalog } from '../../../i18n/catalog.tsx'
import en from './locales/en.json'

export const { t, useT, T } = catalog('sos-sheet-body', en, import.meta.glob('./locales/{hi,mr}.json'))
