/** Spec: distance in km (metres / 1000, 2 decimals); duration in minutes (seconds / 60, 1 decimal). */
export const kmText = (meters: number) => `${(meters / 1000).toFixed(2)} km`
export const minutesText = (seconds: number) => `${(seconds / 60).toFixed(1)} min`

/** Coordinates as shown to her when no address is known: 4 decimals. */
export const coordsText = (lat: number, lon: number) => `${lat.toFixed(4)}, ${lon.toFixed(4)}`
