import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../../test/render.tsx'
import { PrivacyPage } from './PrivacyPage.tsx'
import { NEVER_STORED, namedPhoneStores, namedServerTables, STORED_DATA } from './stored-data.ts'

describe('PrivacyPage', () => {
  it('shows every item of stored-data.ts in a table saying where and for how long', async () => {
    renderInApp(<PrivacyPage />)
    for (const group of STORED_DATA) {
      const table = await screen.findByRole('table', { name: group.title })
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['What', 'Where', 'How long'])
      for (const item of group.items) {
        const row = within(table)
          .getByRole('rowheader', { name: new RegExp(`^${item.what}`) })
          .closest('tr')
        expect(row?.textContent).toBe(`${item.what}${item.details}Where: ${item.where}How long: ${item.howLong}`)
      }
    }
  })

  it('names every table and store the tests hold the page to, and what is never kept', async () => {
    renderInApp(<PrivacyPage />)
    await screen.findByRole('heading', { name: 'Never kept' })
    const codes = new Set(screen.getAllByText((_, el) => el?.tagName === 'CODE').map((el) => el.textContent))
    for (const name of [...namedServerTables(), ...namedPhoneStores()]) expect(codes, name).toContain(name)
    for (const line of NEVER_STORED) expect(screen.getByText(line)).toBeTruthy()
  })
})
