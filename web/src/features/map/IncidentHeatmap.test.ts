import { describe, expect, it } from 'vitest'
import { heatColor } from './IncidentHeatmap.tsx'

describe('heatColor', () => {
  it('runs from orange (few reports) to deep red (the most in view)', () => {
    expect(heatColor(0)).toBe('rgb(251 140 0)')
    expect(heatColor(1)).toBe('rgb(183 28 28)')
    expect(heatColor(0.5)).toBe('rgb(217 84 14)')
  })
})
