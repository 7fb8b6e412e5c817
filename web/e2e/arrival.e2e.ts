import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dataDir, expectAccessible, expectNoHorizontalScroll, locatedAt, openPage, PHONE } from './browser.ts'
import { sql } from './server.ts'

/*
 * Arrival detected (issue 25): a check-in "when I arrive at" a place ends by itself when her phone is within 100 m of
 * it, on her screen, on the server and on the viewer page; not from 300 m, and not when she turned it off.
 */

// The Royal Opera House is about 1 km south of where the located tests stand (Grant Road station).
const OPERA_HOUSE = { latitude: 18.9560477, longitude: 72.8155711 }
/** About 300 m north of it, on the way. */
const ON_THE_WAY = { latitude: OPERA_HOUSE.latitude + 300 / 111_320, longitude: OPERA_HOUSE.longitude }

const panel = (page: Page) => page.getByRole('region', { name: 'Check-in timer' })
const ENDS = 'It ends by itself when you are within 100 m of Royal Opera House.'
const ARRIVED = /^Arrived at (\d\d:\d\d): you reached Royal Opera House and your check-in ended by itself\.$/

const shareRow = () =>
  sql<{ lat: number | null; safe_at: string | null; safe_on_arrival: number; check_in_deadline: string | null }>(
    dataDir,
    'SELECT lat, safe_at, safe_on_arrival, check_in_deadline FROM shares ORDER BY created_at DESC LIMIT 1',
  )[0]

/** Sets a check-in "when I arrive at" the Royal Opera House; answers the share's token. */
async function checkInAtOperaHouse(page: Page): Promise<string> {
  await page.goto('/check-in')
  await panel(page).getByRole('button', { name: 'When I arrive at …' }).click()
  await panel(page).getByRole('combobox', { name: 'When I arrive at' }).fill('opera house')
  await panel(page)
    .getByRole('option', { name: /^Royal Opera House/ })
    .first()
    .click()
  await panel(page).getByRole('button', { name: 'Check in when I arrive' }).click()
  await panel(page).getByText(ENDS, { exact: true }).waitFor()
  const sms = (await panel(page).getByRole('link', { name: 'Send by SMS' }).getAttribute('href')) ?? ''
  const token = /\/s\/([A-Za-z0-9_-]{43})/.exec(decodeURIComponent(sms))?.[1]
  expect(token, sms).toBeTruthy()
  return token ?? ''
}

/** Moves her phone to `position` and waits until the server has her position from there. */
async function walkTo(context: BrowserContext, position: { latitude: number; longitude: number }) {
  await context.setGeolocation(position)
  await expect.poll(() => Math.abs((shareRow()?.lat ?? 0) - position.latitude) < 1e-6, { timeout: 30_000 }).toBe(true)
}

describe('arrival detected', () => {
  it('300 m away does not count; within 100 m she reads "Arrived at HH:MM" and the viewer page says she arrived safe', async () => {
    const { context, page } = await openPage({ ...locatedAt(), viewport: PHONE })
    const token = await checkInAtOperaHouse(page)

    await walkTo(context, ON_THE_WAY)
    // A moment for the phone to act on it, had it counted.
    await page.waitForTimeout(1_000)
    await panel(page).getByText(ENDS, { exact: true }).waitFor()
    expect(await panel(page).getByText(ARRIVED).count()).toBe(0)
    expect(shareRow()?.safe_at).toBeNull()

    await context.setGeolocation(OPERA_HOUSE)
    const arrived = panel(page).getByText(ARRIVED)
    await arrived.waitFor({ timeout: 30_000 })
    const time = ARRIVED.exec((await arrived.textContent()) ?? '')?.[1]
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    // On the server: safe from when she arrived, by her arrival, before the deadline.
    await expect.poll(() => shareRow()?.safe_on_arrival, { timeout: 10_000 }).toBe(1)
    const row = shareRow()
    expect(Date.parse(row?.safe_at ?? '')).toBeLessThan(Date.parse(row?.check_in_deadline ?? ''))

    // Whoever has her link sees that she arrived, and when.
    const viewer = await context.newPage()
    await viewer.goto(`/s/${token}`)
    await viewer.getByText(`Arrived safe at ${time}`, { exact: true }).waitFor()
    expect(await viewer.getByText(/Missed check-in/).count()).toBe(0)
    await expectAccessible(viewer)
    await expectNoHorizontalScroll(viewer)
    await context.close()
  })

  it('offline, her phone still sees her arrive; the server hears it once she is back online, with when she arrived', async () => {
    const { context, page } = await openPage({ ...locatedAt(), viewport: PHONE })
    await checkInAtOperaHouse(page)
    await context.setOffline(true)
    await context.setGeolocation(OPERA_HOUSE)
    await panel(page).getByText(ARRIVED).waitFor({ timeout: 30_000 })
    await page.waitForTimeout(1_000)
    expect(shareRow()?.safe_at).toBeNull()
    const online = Date.now()
    await context.setOffline(false)
    await expect.poll(() => shareRow()?.safe_on_arrival, { timeout: 30_000 }).toBe(1)
    // Safe from her arrival, not from when the server heard of it.
    expect(Date.parse(shareRow()?.safe_at ?? '')).toBeLessThan(online)
    await context.close()
  })

  it('turned off, arriving does not end the check-in: only her tap does', async () => {
    const { context, page } = await openPage({ ...locatedAt(), viewport: PHONE })
    const token = await checkInAtOperaHouse(page)
    const toggle = panel(page).getByRole('checkbox', { name: 'End it by itself when I arrive' })
    expect(await toggle.isChecked()).toBe(true)
    await toggle.uncheck()
    await panel(page)
      .getByText('Only your tap ends it: tap "I\'m safe" when you are at Royal Opera House.', { exact: true })
      .waitFor()
    await expectAccessible(page)

    await walkTo(context, OPERA_HOUSE)
    await page.waitForTimeout(1_000)
    expect(await panel(page).getByText(ARRIVED).count()).toBe(0)
    expect(await panel(page).getByRole('button', { name: "I'm safe" }).isVisible()).toBe(true)
    expect(shareRow()?.safe_at).toBeNull()
    const viewer = await context.newPage()
    await viewer.goto(`/s/${token}`)
    await viewer.getByText(/^Check-in due by \d\d:\d\d \(destination: Royal Opera House\)$/).waitFor()
    expect(await viewer.getByText(/Arrived safe/).count()).toBe(0)

    // Her tap still ends it, as "I'm safe", not as an arrival.
    await panel(page).getByRole('button', { name: "I'm safe" }).click()
    await expect.poll(() => shareRow()?.safe_at, { timeout: 10_000 }).toBeTruthy()
    expect(shareRow()?.safe_on_arrival).toBe(0)
    await context.close()
  })
})
