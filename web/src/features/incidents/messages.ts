import { catalog } from '../../i18n/catalog.tsx'
import en from './locales/en.json'

export const { t, useT, T } = catalog('incidents', en, import.meta.glob('./locales/{hi,mr}.json'))
export type IncidentKey = keyof typeof en
