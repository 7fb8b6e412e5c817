import { quickExit } from './quickExit.ts'

export function QuickExitButton() {
  return (
    <button
      type="button"
      className="btn btn--quick-exit btn--sm"
      onClick={quickExit}
      title="Leave Wings at once for a neutral page (Escape key)"
    >
      Quick exit
    </button>
  )
}
