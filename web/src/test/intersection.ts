import { vi } from 'vitest'

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void

export interface FakeObserver {
  callback: Callback
  margin?: string
  observed: Element[]
  disconnected: boolean
}

/** A stand-in IntersectionObserver the test drives (jsdom has none): each one made is recorded, in order. */
export function fakeIntersectionObserver(): FakeObserver[] {
  const observers: FakeObserver[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record: FakeObserver
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        this.record = { callback, margin: options?.rootMargin, observed: [], disconnected: false }
        observers.push(this.record)
      }
      observe(element: Element) {
        this.record.observed.push(element)
      }
      disconnect() {
        this.record.disconnected = true
      }
    },
  )
  return observers
}
