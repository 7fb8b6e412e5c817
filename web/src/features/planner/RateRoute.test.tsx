import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, syncServer } from '../../test/sync.ts'
import { RATE_CHOOSE, RATE_WAITING, RateRoute } from './RateRoute.tsx'

const GEOMETRY = '_p~iF~ps|U_ulLnnqC_mqNvxq`@'

describe('RateRoute', () => {
  beforeEach(clearDb)

  it('sends an anonymous rating and tip through the outbox and thanks her', async () => {
    const { pushes } = syncServer()
    const user = userEvent.setup()
    renderInApp(<RateRoute geometry={GEOMETRY} mode="foot" routeName="route 2" />, '/routeplanner')
    await user.click(await screen.findByRole('radio', { name: '4 · Safe' }))
    await user.type(screen.getByLabelText('Tip for others (optional)'), '  Busy and lit until 11 pm  ')
    await user.click(screen.getByRole('button', { name: 'Send rating' }))
    await screen.findByText('Thank you. Your rating was saved.')
    expect(pushes.flatMap((p) => p.ops)).toMatchObject([
      { type: 'route.rate', payload: { geometry: GEOMETRY, mode: 'foot', rating: 4, tip: 'Busy and lit until 11 pm' } },
    ])
    expect(screen.getByRole('radio', { name: '4 · Safe' })).toHaveProperty('checked', false)
  })

  it('asks for a rating first and sends nothing without one', async () => {
    const { pushes } = syncServer()
    const user = userEvent.setup()
    renderInApp(<RateRoute geometry={GEOMETRY} mode="car" routeName="route 1" />, '/routeplanner')
    await user.click(await screen.findByRole('button', { name: 'Send rating' }))
    await screen.findByText(RATE_CHOOSE)
    expect(pushes).toHaveLength(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('offline, the rating waits on the phone and she is told so', async () => {
    syncServer()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const user = userEvent.setup()
    renderInApp(<RateRoute geometry={GEOMETRY} mode="bike" routeName="route 1" />, '/routeplanner')
    await user.click(await screen.findByRole('radio', { name: '2 · Unsafe' }))
    await user.click(screen.getByRole('button', { name: 'Send rating' }))
    await screen.findByText(RATE_WAITING)
    expect(await db.outbox.count()).toBe(1)
  })
})
