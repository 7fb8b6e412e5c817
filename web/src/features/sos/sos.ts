/** Emergency SOS (this version): share the position through a messaging app. */

export const SOS_MESSAGE =
  'I need help! This is an emergency. Please reach me as soon as possible. My current location is:'
export const SOS_CONFIRM = 'Send an emergency SOS with your current location?'
export const SOS_NO_LOCATION = 'Unable to retrieve location. Please enable location access.'
export const SOS_NO_GEOLOCATION = 'Geolocation is not supported by your browser.'

export function sosText(lat: number, lon: number, message = SOS_MESSAGE): string {
  const la = lat.toFixed(5)
  const lo = lon.toFixed(5)
  return `${message} ${la}, ${lo}\nhttps://maps.google.com/?q=${la},${lo}`
}

export function sosLink(lat: number, lon: number, message = SOS_MESSAGE): string {
  return `https://wa.me/?text=${encodeURIComponent(sosText(lat, lon, message))}`
}

export interface SosDeps {
  confirm: (text: string) => boolean
  alert: (text: string) => void
  geolocation: Geolocation | undefined
  /** Opens the link in a new tab; null when the browser blocked it. */
  open: (url: string) => Window | null
  /** Used when the new tab was blocked: the link then opens in this tab (the message matters more). */
  assign: (url: string) => void
}

function browserDeps(): SosDeps {
  return {
    confirm: (t) => window.confirm(t),
    alert: (t) => window.alert(t),
    geolocation: 'geolocation' in navigator ? navigator.geolocation : undefined,
    open: (url) => {
      const tab = window.open(url, '_blank')
      try {
        if (tab) tab.opener = null
      } catch {
        // cross-origin already: nothing to cut
      }
      return tab
    },
    assign: (url) => window.location.assign(url),
  }
}

/** Confirm, locate, then open the messaging link in a new tab with the message, coordinates and a maps link. */
export function sendSos(deps: SosDeps = browserDeps()): void {
  if (!deps.confirm(SOS_CONFIRM)) return
  if (!deps.geolocation) {
    deps.alert(SOS_NO_GEOLOCATION)
    return
  }
  deps.geolocation.getCurrentPosition(
    (position) => {
      const url = sosLink(position.coords.latitude, position.coords.longitude)
      if (!deps.open(url)) deps.assign(url)
    },
    () => deps.alert(SOS_NO_LOCATION),
    { enableHighAccuracy: true, timeout: 15000, maximumAge: 30000 },
  )
}
