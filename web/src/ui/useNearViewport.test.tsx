import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeIntersectionObserver } from '../test/intersection.ts'
import { useNearViewport } from './useNearViewport.ts'

function Probe() {
  const ref = useRef<HTMLDivElement>(null)
  const near = useNearViewport(ref)
  return <div ref={ref}>{near ? 'near' : 'far'}</div>
}

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is false until the element comes within the margin, then stays true and stops observing', () => {
    const observers = fakeIntersectionObserver()
    render(<Probe />)
    expect(screen.getByText('far')).toBeTruthy()
    const [observer] = observers
    expect(observer?.margin).toBe('300px')
    expect(observer?.observed).toEqual([screen.getByText('far')])
    act(() => observer?.callback([{ isIntersecting: false }]))
    expect(screen.getByText('far')).toBeTruthy()
    act(() => observer?.callback([{ isIntersecting: true }]))
    expect(screen.getByText('near')).toBeTruthy()
    expect(observer?.disconnected).toBe(true)
    expect(observers).toHaveLength(1)
  })

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Probe />)
    expect(screen.getByText('near')).toBeTruthy()
  })
})
