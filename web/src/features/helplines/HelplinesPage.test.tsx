import { screen, within } from '@testing-library/react'
import { HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { HelplinesPage } from './HelplinesPage.tsx'

describe('HelplinesPage', () => {
  it('shows the 14 helplines from the local database, in order, with call links', async () => {
    renderInApp(<HelplinesPage />, '/help')
    const list = await screen.findByRole('list', { name: 'Helplines' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(14)
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(HELPLINES.map((h) => h.name))
    const call = screen.getByRole('link', { name: 'Call Women helpline 1091' })
    expect(call.getAttribute('href')).toBe('tel:1091')
    expect(screen.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    expect(screen.getByRole('link', { name: 'Safety tools' }).getAttribute('href')).toBe('/safety')
    expect(await db.helplines.count()).toBe(14)
  })
})
