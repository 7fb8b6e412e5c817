import { catalog } from '../../i18n/catalog.tsx'
import en from './locales/en.json'

export const { t, useT } = catalog('offlinePlanner', en, import.meta.glob('./locales/{hi,mr}.json'))
