import { sendSos } from './sos.ts'

export function SosButton() {
  return (
    <button type="button" className="btn btn--danger btn--sm sos-button" onClick={() => sendSos()}>
      Emergency SOS
    </button>
  )
}
