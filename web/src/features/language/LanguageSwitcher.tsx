import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@wings/contract'
import { useId } from 'react'
import { useLanguage } from '../../i18n/language.ts'
import { useT } from './messages.ts'
import { chooseLanguage } from './profile-language.ts'

/**
 * Her language, each named in its own script so she finds hers whatever the screen shows now. The change shows at
 * once, no reload, and is kept on this device (and in her profile when she is signed in).
 */
export function LanguageSwitcher({
  className = 'language',
  showLabel = false,
}: {
  className?: string
  showLabel?: boolean
}) {
  const t = useT()
  const id = useId()
  const language = useLanguage()
  return (
    <span className={className}>
      <label htmlFor={id} className={showLabel ? 'language__label' : 'visually-hidden'}>
        {t('label')}
      </label>
      <select
        id={id}
        className="language__select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value)
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  )
}
