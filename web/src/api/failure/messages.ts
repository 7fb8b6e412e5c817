import { catalog } from '../../i18n/catalog.tsx'
import en from './locales/en.json'

export const { t, useT } = catalog('api-failure', en, import.meta.glob('./locales/{hi,mr}.json'))
