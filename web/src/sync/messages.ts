import { messages } from '../i18n/translate.ts'
import en from './locales/en.json'

export const plain = messages('sync', en, import.meta.glob('./locales/{hi,mr}.json'))
export const { t } = plain
