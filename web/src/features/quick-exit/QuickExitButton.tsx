import { useT } from './messages.ts'
import { quickExit } from './quickExit.ts'

/** Quick exit: an outlined square-cornered button, unlike the red SOS pill beside it (styles/global.css). */
export function QuickExitButton() {
  const t = useT()
  return (
    <button type="button" className="btn btn--quick-exit" onClick={quickExit} title={t('hint')}>
      {t('button')}
    </button>
  )
}
