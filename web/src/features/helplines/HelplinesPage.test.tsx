import { screen, within } from '@testing-library/react'
import { HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { HelplinesPage } from './HelplinesPage.tsx'

describe('HelplinesPage', () => {
  it('shows 112 first, then every helpline from the local database, in order, with what it is for and where', async () => {
    renderInApp(<HelplinesPage />, '/help')
    await screen.findByRole('heading', { name: 'Emergency: 112' })
    expect(screen.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    const list = await screen.findByRole('list', { name: 'Helplines' })
    const items = within(list).getAllByRole('listitem')
    const rest = HELPLINES.slice(1)
    expect(HELPLINES[0]?.number).toBe('112')
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(rest.map((h) => h.name))
    for (const [i, h] of rest.entries()) {
      const item = items[i] as HTMLElement
      within(item).getByText(h.purpose)
      expect(item.textContent).toContain(`Where it works: ${h.area}`)
      expect(
        within(item)
          .getByRole('link', { name: `Call ${h.name} ${h.number}` })
          .getAttribute('href'),
      ).toBe(`tel:${h.number}`)
    }
    expect(screen.getByRole('link', { name: 'Call Women Helpline 181' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Call Railway 139' })).toBeTruthy()
    expect(screen.queryByText('131')).toBeNull()
    expect(screen.getByRole('link', { name: 'Safety tools' }).getAttribute('href')).toBe('/safety')
    expect(await db.helplines.count()).toBe(HELPLINES.length)
  })

  it('replaces an older stored list (the spec’s, with 131) by the app’s', async () => {
    await db.helplines.clear()
    await db.helplines.bulkAdd([{ number: '131', name: 'Railway', purpose: '', area: '', order: 0 }])
    renderInApp(<HelplinesPage />, '/help')
    await screen.findByRole('link', { name: 'Call Railway 139' })
    expect(screen.queryByRole('link', { name: 'Call Railway 131' })).toBeNull()
    expect((await db.helplines.orderBy('order').toArray()).map((h) => h.number)).toEqual(HELPLINES.map((h) => h.number))
  })
})
