export { LanguageSwitcher } from './LanguageSwitcher.tsx'
export { chooseLanguage, keepInProfile, useProfileLanguage } from './profile-language.ts'
