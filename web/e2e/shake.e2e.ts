import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, openPage, PHONE } from './browser.ts'

/**
 * Moves the phone for `ms`, as the browser reports it: devicemotion events about 60 times a second, each reading the
 * motion at the moment it is sent. A shake: ±2.5 g side to side, 4 times a second; walking: ±0.35 g up and down.
 */
async function move(page: Page, kind: 'shake' | 'walk', ms = 1200): Promise<void> {
  await page.evaluate(
    async ({ kind, ms }) => {
      const G = 9.80665
      const start = performance.now()
      for (let now = start; now - start < ms; now = performance.now()) {
        const s = (now - start) / 1000
        const [x, y, z] =
          kind === 'shake'
            ? [2.5 * Math.sin(2 * Math.PI * 4 * s), 1, 0.1]
            : [0.2 * Math.sin(2 * Math.PI * 0.95 * s), 1 + 0.35 * Math.sin(2 * Math.PI * 1.9 * s), 0.1]
        const accelerationIncludingGravity = { x: x * G, y: y * G, z: z * G }
        window.dispatchEvent(new DeviceMotionEvent('devicemotion', { accelerationIncludingGravity, interval: 16 }))
        await new Promise((resolve) => setTimeout(resolve, 16))
      }
    },
    { kind, ms },
  )
}

const countdown = (page: Page) => page.getByRole('alertdialog', { name: 'Opening SOS' })
const sosSheet = (page: Page) => page.getByRole('dialog', { name: 'Emergency SOS' })
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('shake for SOS', () => {
  it('at 360 px: off until she turns it on; a shake counts down, Cancel and Escape stop it, 0 opens SOS', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/')
    // The page may read the motion sensors (Chromium's devicemotion needs both): the server's policy allows them.
    const allowed = await page.evaluate(() => {
      const doc = document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }
      return ['accelerometer', 'gyroscope'].map((feature) => doc.featurePolicy?.allowsFeature(feature))
    })
    expect(allowed).toEqual([true, true])

    // Off by default: a shake does nothing, and the detector is not even loaded.
    await move(page, 'shake')
    await pause(300)
    expect(await countdown(page).count()).toBe(0)
    expect(scripts.filter((url) => /ShakeSos/.test(url))).toEqual([])

    await page.goto('/safety')
    const setting = page.getByRole('checkbox', { name: 'Open SOS when I shake my phone hard' })
    expect(await setting.isChecked()).toBe(false)
    await page.getByText('While Wings is open, a strong shake starts a 5-second countdown you can cancel').waitFor()
    await setting.check()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // Walking does nothing.
    await move(page, 'walk', 2500)
    await pause(300)
    expect(await countdown(page).count()).toBe(0)

    // A shake: the countdown, Cancel focused, the seconds read out; Cancel stops it and no SOS opens.
    await move(page, 'shake')
    await countdown(page).waitFor()
    expect(await focusedText(page)).toBe('Cancel')
    await page.getByText(/^SOS opens in [1-5] seconds?$/).waitFor()
    expect(await page.getByText(/^SOS opens in/).getAttribute('aria-live')).toBe('polite')
    const cancel = countdown(page).getByRole('button', { name: 'Cancel' })
    const box = await cancel.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(48)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(page)
    await cancel.click()
    await countdown(page).waitFor({ state: 'detached' })
    await pause(5500)
    expect(await sosSheet(page).isVisible()).toBe(false)

    // Escape stops it too, and does not also leave Wings (Quick exit's key).
    await move(page, 'shake')
    await countdown(page).waitFor()
    await page.keyboard.press('Escape')
    await countdown(page).waitFor({ state: 'detached' })
    await pause(5500)
    expect(new URL(page.url()).pathname).toBe('/safety')
    expect(await sosSheet(page).isVisible()).toBe(false)

    // Left to run out, it opens the SOS sheet as the SOS button does: Call 112 first, Send SOS focused.
    await move(page, 'shake')
    await countdown(page).waitFor()
    await sosSheet(page).waitFor({ timeout: 8000 })
    await sosSheet(page).getByRole('link', { name: 'Call 112' }).waitFor()
    expect(await focusedText(page)).toBe('Send SOS')
    expect(await countdown(page).count()).toBe(0)
    await sosSheet(page).getByRole('button', { name: 'Close' }).click()

    // Kept on the device; turned off, a shake does nothing.
    await page.reload()
    expect(await setting.isChecked()).toBe(true)
    await setting.uncheck()
    await move(page, 'shake')
    await pause(300)
    expect(await countdown(page).count()).toBe(0)
    await context.close()
  })

  it('counts down in Hindi and Marathi at 360 px, axe-clean', async () => {
    for (const [lang, label, title, cancel] of [
      ['hi', 'फ़ोन ज़ोर से हिलाने पर SOS खोलें', 'SOS खुल रहा है', 'रद्द करें'],
      ['mr', 'फोन जोरात हलवल्यावर SOS उघडा', 'SOS उघडत आहे', 'रद्द करा'],
    ] as const) {
      const { context, page } = await openPage({ viewport: PHONE })
      await page.goto(`/safety?lang=${lang}`)
      await page.getByRole('checkbox', { name: label }).check()
      await move(page, 'shake')
      const dialog = page.getByRole('alertdialog', { name: title })
      await dialog.waitFor()
      await expectAccessible(page)
      await expectNoHorizontalScroll(page)
      await dialog.getByRole('button', { name: cancel }).click()
      await dialog.waitFor({ state: 'detached' })
      await context.close()
    }
  })
})
