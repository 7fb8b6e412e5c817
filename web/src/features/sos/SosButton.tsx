import { T } from './messages.ts'
import { openSos } from './sosRequest.ts'

/**
 * The header's Emergency SOS: a red pill with a sign, 48 px tall, apart from Quick exit (an outlined square) so
 * neither is pressed for the other. On a narrow phone it reads "SOS"; its name stays "Emergency SOS".
 */
export function SosButton() {
  return (
    <button type="button" className="btn btn--danger sos-button" onClick={openSos}>
      <svg className="sos-button__sign" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.25 4.5h2.5v7h-2.5zm0 9h2.5V18h-2.5z" />
      </svg>
      <span>
        <T k="button" components={{ 0: <span className="sos-button__emergency" /> }} />
      </span>
    </button>
  )
}
