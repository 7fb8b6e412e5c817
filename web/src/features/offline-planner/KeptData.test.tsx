import { I18nProvider } from '@lingui/react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { type AreaBundleRow, db } from '../../db/db.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { KeptData } from './KeptData.tsx'

const MB = 1024 * 1024
const row = (id: string, kind: AreaBundleRow['kind'], size: number, lastUsed: number): AreaBundleRow => ({
  id,
  kind,
  areaId: kind === 'saved' ? 'a' : '',
  box: [72.8, 18.9, 72.9, 19],
  size,
  version: id,
  importedAt: 'x',
  dataDate: '',
  signalsVersion: '',
  checkedAt: 0,
  lastUsed,
})
const size = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`

describe('route data on the offline-maps screen', () => {
  beforeEach(async () => {
    await db.areaBundles.clear()
    await db.meta.clear()
    await db.areaBundles.bulkPut([
      row('saved', 'saved', 15 * MB, 1),
      row('old', 'auto', 10 * MB, 2),
      row('new', 'auto', 10 * MB, 3),
    ])
  })

  it('shows what is kept against the 50 MB budget; a smaller budget evicts the oldest automatic area', async () => {
    const user = userEvent.setup()
    render(
      <I18nProvider i18n={i18n}>
        <KeptData size={size} />
      </I18nProvider>,
    )
    await screen.findByText('Route data on this phone: 35 MB of 50 MB (saved areas 15 MB).')
    const budget = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Space for route data' })
    expect([...budget.options].map((o) => o.text)).toEqual(['20 MB', '50 MB', '100 MB', '200 MB', '500 MB'])
    await user.selectOptions(budget, '20 MB')
    await screen.findByText('Space for route data set to 20 MB.')
    await waitFor(async () => expect((await db.areaBundles.toArray()).map((r) => r.id).sort()).toEqual(['saved']))
    await screen.findByText('Route data on this phone: 15 MB of 20 MB (saved areas 15 MB).')
  })
})
