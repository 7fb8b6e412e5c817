import { quickExit } from './quickExit.ts'

/** Quick exit: an outlined square-cornered button, unlike the red SOS pill beside it (styles/global.css). */
export function QuickExitButton() {
  return (
    <button
      type="button"
      className="btn btn--quick-exit"
      onClick={quickExit}
      title="Leave Wings at once for a neutral page (Escape key)"
    >
      Quick exit
    </button>
  )
}
