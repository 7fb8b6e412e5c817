import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  aUser,
  dataDir,
  expectAccessible,
  expectNoHorizontalScroll,
  nativeDialogs,
  newContext,
  PHONE,
  setUpBrowser,
  signedInPage,
  signIn,
  waitForServiceWorker,
} from './browser.ts'
import { sql } from './server.ts'

/*
 * Evidence (issue 25, docs/evidence.md): "Record audio" in the SOS sheet with chromium's fake microphone. A recording
 * made offline is kept on the phone, uploads once she is back online, and is in her account exactly once; nobody
 * else can list or play it. With the microphone refused she is told so, and SOS is untouched.
 */

// Chromium's fake microphone (a beep) and its "allow" answer to the microphone question.
setUpBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'])

interface Listed {
  id: string
  chunks: number
  bytes: number
  durationMs: number
  complete: boolean
}

const sosSheet = (page: Page) => page.getByRole('dialog', { name: 'Emergency SOS' })
const recorderPanel = (page: Page) => sosSheet(page).getByRole('region', { name: 'Audio recording' })

async function openSos(page: Page) {
  await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
  await sosSheet(page).waitFor()
}

async function listed(context: BrowserContext): Promise<Listed[]> {
  const res = await context.request.get('/api/evidence')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { recordings: Listed[] }).recordings
}

describe('evidence recording', () => {
  it('at 360 px: recorded offline, it waits on the phone, then is in her account exactly once after reconnecting', async () => {
    const context = await newContext({ viewport: PHONE, permissions: ['microphone'] })
    const user = aUser()
    const page = await signedInPage(context, user)
    const dialogs = nativeDialogs(page)
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await openSos(page)
    await sosSheet(page).getByRole('button', { name: 'Record audio' }).click()
    await recorderPanel(page)
      .getByText(/^Recording 0:0[3-9]$/)
      .waitFor({ timeout: 15_000 })
    // Call 112 is still the sheet's first action while it records.
    expect(await sosSheet(page).getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    // Long enough for two 5-second chunks.
    await recorderPanel(page)
      .getByText(/^Recording 0:1[1-9]$/)
      .waitFor({ timeout: 20_000 })
    await recorderPanel(page).getByRole('button', { name: 'Stop recording' }).click()
    await recorderPanel(page)
      .getByText('Recording saved on this phone. It uploads to your account when you are online.')
      .waitFor()

    // Her list, still offline: the recording is on this phone, waiting.
    await recorderPanel(page).getByRole('link', { name: 'My recordings' }).click()
    await page.waitForURL((url) => url.pathname === '/recordings')
    const item = page.locator('.evidence-list').getByRole('listitem')
    await item.getByText('On this phone, waiting to upload').waitFor()
    expect(await item.count()).toBe(1)
    const length = await item.locator('dd').first().textContent()
    expect(length).toMatch(/^0:1\d$/)
    expect(sql(dataDir, 'SELECT count(*) AS n FROM evidence_recordings')[0]).toEqual({ n: 0 })

    // Back online: it uploads by itself.
    await context.setOffline(false)
    await item.getByText('In your account').waitFor({ timeout: 30_000 })
    const [recording, ...more] = await listed(context)
    expect(more).toEqual([])
    expect(recording).toMatchObject({ complete: true })
    expect(recording?.chunks).toBeGreaterThanOrEqual(2)
    expect(recording?.durationMs).toBeGreaterThanOrEqual(10_000)
    // Each chunk stored once, and the audio is exactly what the phone recorded.
    const stored = sql<{ n: number; bytes: number }>(
      dataDir,
      'SELECT count(*) AS n, sum(bytes) AS bytes FROM evidence_chunks WHERE recording_id = ?',
      [recording?.id],
    )[0]
    expect(stored).toEqual({ n: recording?.chunks, bytes: recording?.bytes })
    const local = await page.evaluate(async (id) => {
      const open = indexedDB.open('wings')
      const db = await new Promise<IDBDatabase>((resolve) => {
        open.onsuccess = () => resolve(open.result)
      })
      const rows = await new Promise<{ data: ArrayBuffer }[]>((resolve) => {
        const get = db.transaction('recordingChunks').objectStore('recordingChunks').index('recordingId').getAll(id)
        get.onsuccess = () => resolve(get.result)
      })
      return rows.reduce((sum, row) => sum + row.data.byteLength, 0)
    }, recording?.id)
    expect(local).toBe(recording?.bytes)
    const audio = await context.request.get(`/api/evidence/${recording?.id}/audio`)
    expect(audio.status()).toBe(200)
    expect(audio.headers()['content-type']).toMatch(/^audio\//)
    expect((await audio.body()).length).toBe(recording?.bytes)

    // Reloading and going offline and online again sends nothing more: still once.
    await page.reload()
    await context.setOffline(true)
    await context.setOffline(false)
    await item.getByText('In your account').waitFor()
    expect((await listed(context)).map((r) => r.id)).toEqual([recording?.id])
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // Nobody else: another account can neither list nor play nor delete it.
    const other = await newContext()
    await signIn(other)
    expect(await listed(other)).toEqual([])
    expect((await other.request.get(`/api/evidence/${recording?.id}/audio`)).status()).toBe(404)
    expect((await other.request.delete(`/api/evidence/${recording?.id}`)).status()).toBe(404)
    expect((await context.request.get('/api/evidence')).ok()).toBe(true)
    await other.close()

    // She deletes it, with the app's own confirmation: gone from the phone and her account.
    await page.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete this recording?' })
      .getByRole('button', { name: 'Delete recording' })
      .click()
    await page.getByText(/^No recordings yet/).waitFor()
    await expect.poll(async () => (await listed(context)).length, { timeout: 10_000 }).toBe(0)
    expect(sql(dataDir, 'SELECT count(*) AS n FROM evidence_chunks WHERE recording_id = ?', [recording?.id])).toEqual([
      { n: 0 },
    ])
    expect(dialogs).toEqual([])
    await context.close()
  })

  it('keeps recording across screens, and what a page that died had recorded is uploaded on the next start', async () => {
    const context = await newContext({ viewport: PHONE, permissions: ['microphone'] })
    const page = await signedInPage(context, aUser())
    await openSos(page)
    await sosSheet(page).getByRole('button', { name: 'Record audio' }).click()
    // Past the first 5-second chunk, then the page dies (a full load is a new page): what it stored is kept.
    await recorderPanel(page)
      .getByText(/^Recording 0:0[7-9]$/)
      .waitFor({ timeout: 15_000 })
    await page.goto('/help')
    await page.waitForURL((url) => url.pathname === '/help')
    await expect.poll(async () => (await listed(context))[0]?.complete, { timeout: 30_000 }).toBe(true)
    const [recording] = await listed(context)
    expect(recording?.chunks).toBeGreaterThanOrEqual(1)
    expect(sql(dataDir, 'SELECT count(*) AS n FROM evidence_chunks WHERE recording_id = ?', [recording?.id])).toEqual([
      { n: recording?.chunks },
    ])

    // Navigating inside the app keeps recording, the bar in sight on every screen.
    await openSos(page)
    await sosSheet(page).getByRole('button', { name: 'Record audio' }).click()
    await recorderPanel(page)
      .getByText(/^Recording 0:0[1-9]$/)
      .waitFor({ timeout: 15_000 })
    await sosSheet(page).getByRole('link', { name: 'Safety tools' }).click()
    await page.waitForURL((url) => url.pathname === '/safety')
    await sosSheet(page).waitFor({ state: 'hidden' })
    const bar = page.locator('.evidence-bar')
    await bar.getByText(/^Recording 0:0[2-9]$/).waitFor()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await bar.getByRole('button', { name: 'Stop recording' }).click()
    await bar.waitFor({ state: 'detached' })
    await expect.poll(async () => (await listed(context)).filter((r) => r.complete).length, { timeout: 30_000 }).toBe(2)
    await context.close()
  })

  it('with the microphone refused: a clear message, and Call 112 and Send SOS still there', async () => {
    const context = await newContext({ viewport: PHONE })
    const page = await context.newPage()
    // The browser answers "blocked", as when she said no before.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    })
    await page.goto('/')
    await openSos(page)
    await sosSheet(page).getByRole('button', { name: 'Record audio' }).click()
    await recorderPanel(page)
      .getByRole('alert')
      .getByText(
        'Wings is not allowed to use the microphone, so nothing is being recorded. To record, allow the microphone for this site in your browser’s settings. SOS works without it.',
      )
      .waitFor()
    expect(await sosSheet(page).getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    expect(await sosSheet(page).getByRole('button', { name: 'Send SOS' }).isEnabled()).toBe(true)
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await page.goto('/recordings')
    await page.getByText(/^No recordings yet/).waitFor()
    await context.close()
  })
})
