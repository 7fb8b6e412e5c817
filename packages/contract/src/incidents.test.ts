import { describe, expect, it } from 'vitest'
import { IncidentBody, IncidentCategorySchema } from './incidents.ts'
import { INCIDENT_CATEGORIES } from './incidents-rules.ts'
import { problemOf } from './validate.ts'

describe('incident categories', () => {
  it('the schema accepts exactly the listed categories', () => {
    const literals = (IncidentCategorySchema as unknown as { anyOf: { const: string }[] }).anyOf.map((s) => s.const)
    expect(literals).toEqual([...INCIDENT_CATEGORIES])
  })

  it('refuses another category with the message a person reads', () => {
    const body = { category: 'rumour', lat: 18.97, lon: 72.81, occurredAt: new Date().toISOString() }
    expect(problemOf(IncidentBody, body)?.message).toMatch(/^Category must be one of: harassment/)
  })
})
