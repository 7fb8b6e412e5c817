import { LANGUAGE_NAMES, LANGUAGES } from '@wings/contract'
import { useLanguage } from '../../i18n/language.ts'
import { useT } from './messages.ts'
import { chooseLanguage } from './profile-language.ts'

/**
 * Her language: a button for each, named in its own script so she finds hers whatever the screen shows now, the one
 * shown pressed. The change shows at once, no reload, and is kept on this device (and in her profile when she is
 * signed in). Buttons, not a select: a select's options and a "Language" label would sit on every screen beside
 * the forms' own lists and an "Age" field.
 */
export function LanguageSwitcher({
  className = 'language',
  showLabel = false,
}: {
  className?: string
  showLabel?: boolean
}) {
  const t = useT()
  const language = useLanguage()
  return (
    <div className={className}>
      <span className={showLabel ? 'language__label' : 'visually-hidden'}>{t('label')}</span>
      <span className="language__choices">
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            className="language__choice"
            aria-pressed={code === language}
            onClick={() => void chooseLanguage(code)}
          >
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </span>
    </div>
  )
}
