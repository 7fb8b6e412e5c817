import { catalog } from '../../i18n/catalog.tsx'
import en from './locales/en.json'

export const { t, useT, T } = catalog('stories', en, import.meta.glob('./locales/{hi,mr}.json'))
export type StoryKey = keyof typeof en
