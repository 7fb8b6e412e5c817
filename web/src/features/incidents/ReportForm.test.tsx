import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, requests, server } from '../../test/api.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, syncServer } from '../../test/sync.ts'
import { ReportForm } from './ReportForm.tsx'
import { toLocalInput } from './report.ts'

const STATEMENT =
  'We store the category, the time rounded to the hour, the place rounded to about 50 m and your description. We do not store your name, account, IP address or device. Reports show on the map in batches, within about an hour, so nobody can tell who sent one.'
const PLACE = {
  place_id: 'w9',
  display_name: 'Hill Road, Bandra West, Mumbai',
  lat: 19.0544,
  lon: 72.8331,
  type: 'residential',
  kind: 'street' as const,
}

describe('ReportForm', () => {
  beforeEach(async () => {
    await clearDb()
  })
  afterEach(() => {
    removeGeolocation()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('states what is and is not stored, and defaults the time to now', async () => {
    syncServer()
    renderInApp(<ReportForm />, '/report')
    expect(await screen.findByText(STATEMENT)).toBeTruthy()
    const when = screen.getByLabelText('When') as HTMLInputElement
    expect(when.type).toBe('datetime-local')
    expect(Math.abs(new Date(when.value).getTime() - Date.now())).toBeLessThan(2 * 60_000)
    expect(when.max).toBe(when.value.slice(0, 16))
    const options = [...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.value)
    expect(options).toEqual([
      '',
      'harassment',
      'stalking',
      'assault',
      'theft',
      'poor lighting',
      'deserted area',
      'unsafe transport',
      'other',
    ])
  })

  it('sends nothing and says why while the report is incomplete or the time is wrong', async () => {
    syncServer()
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    const when = await screen.findByLabelText('When')
    await user.clear(when)
    await user.type(when, toLocalInput(new Date(Date.now() + 3 * 60 * 60_000)))
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(screen.getByText('Choose a category')).toBeTruthy()
    expect(screen.getByText('The time of the incident cannot be in the future')).toBeTruthy()
    expect(screen.getByText('Choose where it happened: use your location or search for a place')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Category'))
    expect(await db.outbox.count()).toBe(0)
    expect(requests()).toEqual([])
  })

  it('counts the description and refuses more than 500 characters', async () => {
    syncServer()
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    const description = await screen.findByLabelText('Description')
    expect(screen.getByText(/0\/500 characters/)).toBeTruthy()
    await user.type(description, 'Followed from the station')
    expect(screen.getByText(/25\/500 characters/)).toBeTruthy()
    expect(description.getAttribute('maxlength')).toBe('500')
  })

  it('offline, signed out: queues an incident.report op in the outbox and says it will be sent', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    syncServer()
    mockGeolocation({ lat: 19.07609123, lon: 72.87765432 })
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    await user.selectOptions(await screen.findByLabelText('Category'), 'poor lighting')
    await user.click(screen.getByRole('button', { name: 'Use my location' }))
    expect(await screen.findByText('Place: Your location (19.0761, 72.8777)')).toBeTruthy()
    await user.type(screen.getByLabelText('Description'), '  No street lights for 200 m ')
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Saved on this phone: it will be sent when you are back online.')).toBeTruthy()
    const ops = await db.outbox.toArray()
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({
      type: 'incident.report',
      userId: null,
      payload: { category: 'poor lighting', lat: 19.0761, lon: 72.8777, description: 'No street lights for 200 m' },
    })
    const payload = ops[0]?.payload as { occurredAt: string }
    expect(Number.isNaN(Date.parse(payload.occurredAt))).toBe(false)
    expect(requests()).toEqual([])
    // The form is ready for another report.
    expect(screen.getByLabelText('Category')).toHaveProperty('value', '')
  })

  it('online: a place from the search is sent at once, and the thanks are said', async () => {
    const { pushes } = syncServer()
    server.use(answer('geocodeSearch', [PLACE]))
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    await user.selectOptions(await screen.findByLabelText('Category'), 'stalking')
    await user.type(screen.getByRole('combobox', { name: 'Or search for a place' }), 'Hill Road')
    await user.click(await screen.findByRole('option', { name: PLACE.display_name }))
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Thank you. Your report was saved anonymously.')).toBeTruthy()
    expect(pushes).toHaveLength(1)
    expect(pushes[0]?.ops[0]).toMatchObject({
      type: 'incident.report',
      payload: { category: 'stalking', lat: PLACE.lat, lon: PLACE.lon },
    })
    await waitFor(async () => expect(await db.outbox.count()).toBe(0))
  })

  it('a refusal by the server (rate limit) is said, and not kept as a conflict', async () => {
    syncServer({
      push: () => ({ status: 'rejected', code: 'RATE_LIMITED', message: 'Too many reports. Please try again later.' }),
    })
    mockGeolocation({ lat: 19.1, lon: 72.9 })
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    await user.selectOptions(await screen.findByLabelText('Category'), 'theft')
    await user.click(screen.getByRole('button', { name: 'Use my location' }))
    await screen.findByText(/Place: Your location/)
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(
      await screen.findByText('Too many reports. Please try again later. Wait a minute, then try again.'),
    ).toBeTruthy()
    expect(await db.conflicts.count()).toBe(0)
  })

  it('starts with a place chosen on the map, and sends it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    syncServer()
    const user = userEvent.setup()
    renderInApp(<ReportForm initialPlace={{ lat: 19.0544, lon: 72.8331, label: 'Chosen on the map' }} />, '/report')
    expect(await screen.findByText('Place: Chosen on the map (19.0544, 72.8331)')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Category'), 'harassment')
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Saved on this phone: it will be sent when you are back online.')).toBeTruthy()
    expect((await db.outbox.toArray())[0]?.payload).toMatchObject({
      category: 'harassment',
      lat: 19.0544,
      lon: 72.8331,
    })
  })

  it('a location failure is shown next to the button', async () => {
    syncServer()
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    await user.click(await screen.findByRole('button', { name: 'Use my location' }))
    expect(await screen.findByText('Error fetching location: User denied Geolocation')).toBeTruthy()
  })

  it('Send right after Use my location waits for the position instead of calling the place missing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    syncServer()
    let give: (p: { coords: { latitude: number; longitude: number } }) => void = () => undefined
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: typeof give) => (give = ok) },
    })
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    await user.selectOptions(await screen.findByLabelText('Category'), 'other')
    await user.click(screen.getByRole('button', { name: 'Use my location' }))
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(screen.queryByText('Choose where it happened: use your location or search for a place')).toBeNull()
    give({ coords: { latitude: 18.96543, longitude: 72.81634 } })
    expect(await screen.findByText('Saved on this phone: it will be sent when you are back online.')).toBeTruthy()
    expect((await db.outbox.toArray())[0]?.payload).toMatchObject({ category: 'other', lat: 18.9654, lon: 72.8163 })
  })
})
