import { requestSos } from './sosRequest.ts'

export function SosButton() {
  return (
    <button type="button" className="btn btn--danger btn--sm sos-button" onClick={() => requestSos()}>
      Emergency SOS
    </button>
  )
}
