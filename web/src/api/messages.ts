import { messages } from '../i18n/translate.ts'
import en from './locales/en.json'

export const { t } = messages('api', en, import.meta.glob('./locales/{hi,mr}.json'))
