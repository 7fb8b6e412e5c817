/** Test helpers: a fake navigator.geolocation (jsdom has none). */

type Success = (position: { coords: { latitude: number; longitude: number } }) => void
type Failure = (error: { code: number; message: string }) => void

export function mockGeolocation(answer: { lat: number; lon: number } | { code: number; message: string }): {
  calls: number
} {
  const state = { calls: 0 }
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: Success, fail: Failure) => {
        state.calls++
        queueMicrotask(() => {
          if ('lat' in answer) ok({ coords: { latitude: answer.lat, longitude: answer.lon } })
          else fail(answer)
        })
      },
    },
  })
  return state
}

export function removeGeolocation(): void {
  Reflect.deleteProperty(navigator, 'geolocation')
}
