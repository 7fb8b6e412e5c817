import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dataDir, newContext, PHONE, signedInPage, signIn, toasts, waitForServiceWorker } from './browser.ts'
import { sql } from './server.ts'

async function expectSynced(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.getByLabel('Sync status').textContent())?.trim(), { timeout: 30_000 })
    .toBe('All changes saved')
}

async function write(page: Page, title: string, content: string): Promise<void> {
  await page.goto('/posts/new')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Content').fill(content)
}

/** The server has the change: polled, since the status may still show the moment before the op was queued. */
async function eventually<T>(read: () => T, expected: (value: T) => boolean): Promise<T> {
  await expect.poll(() => expected(read()), { timeout: 30_000, interval: 250 }).toBe(true)
  return read()
}

const storyRow = (title: string) =>
  sql<{ id: string; likes: number; dislikes: number }>(
    dataDir,
    'SELECT id, likes, dislikes FROM stories WHERE title = ?',
    [title],
  )[0]

function card(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

describe('community stories', () => {
  it('publishes, appears in the feed, takes a like then a dislike, is saved, edited and deleted', async () => {
    const context = await newContext()
    const page = await signedInPage(context)
    const title = `Walking home from Grant Road ${Date.now()}`
    await write(page, title, 'The street lights were out, so I stayed on the main road.\nIt felt safer.')
    const post = page.getByRole('button', { name: 'POST', exact: true })
    expect(await post.isEnabled()).toBe(true)
    await post.click()
    await page.getByText('Post published successfully!').waitFor()
    await eventually(() => storyRow(title), Boolean)

    await page.goto('/blog')
    const story = card(page, title)
    await story.waitFor()
    const like = story.getByRole('button', { name: 'Like', exact: true })
    const dislike = story.getByRole('button', { name: 'Dislike', exact: true })
    await like.click()
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true')
    expect(await story.getByLabel('Likes', { exact: true }).textContent()).toBe('1')
    await dislike.click()
    await expect.poll(() => dislike.getAttribute('aria-pressed')).toBe('true')
    expect(await like.getAttribute('aria-pressed')).toBe('false')
    expect(await story.getByLabel('Likes', { exact: true }).textContent()).toBe('0')
    expect(await story.getByLabel('Dislikes', { exact: true }).textContent()).toBe('1')

    await story.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Post saved').waitFor()
    await story.getByRole('button', { name: 'Unsave post' }).waitFor()
    await eventually(
      () => storyRow(title),
      (row) => row?.likes === 0 && row.dislikes === 1,
    )
    await expectSynced(page)
    const saved = await (await page.request.get('/api/user/stories/saved')).json()
    expect(saved.savedPosts.map((p: { title: string }) => p.title)).toContain(title)

    await page.goto('/user/posts')
    await page.getByRole('button', { name: `Edit ${title}` }).click()
    const edited = `${title} (edited)`
    await page.getByLabel('Title').fill(edited)
    await page.getByRole('button', { name: 'SAVE', exact: true }).click()
    await page.getByText('Post updated successfully!').waitFor()
    await eventually(() => storyRow(edited), Boolean)

    await page.goto('/user/posts')
    await page.getByRole('button', { name: `Delete ${edited}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText('Post deleted successfully').waitFor()
    await eventually(
      () => storyRow(edited),
      (row) => row === undefined,
    )
    await page.goto('/blog')
    await page.getByText(/page \d+ \/ \d+/).waitFor()
    expect(await card(page, edited).count()).toBe(0)
    await context.close()
  })

  it('keeps a draft written offline across a reload and publishes it once back online', async () => {
    const context = await newContext()
    const page = await signedInPage(context)
    await waitForServiceWorker(page)
    await page.goto('/user/drafts')
    await context.setOffline(true)
    const title = `Draft from the train ${Date.now()}`
    await write(page, title, 'Written with no signal between Churchgate and Marine Lines.')
    await page.getByRole('button', { name: 'SAVE DRAFT' }).click()
    await page.getByText('Draft saved!').waitFor()

    await page.reload()
    await page.goto('/user/drafts')
    const link = page.getByRole('link', { name: title })
    await link.waitFor()
    expect(sql(dataDir, 'SELECT id FROM drafts WHERE title = ?', [title])).toEqual([])

    await context.setOffline(false)
    await eventually(
      () => sql(dataDir, 'SELECT id FROM drafts WHERE title = ?', [title]),
      (rows) => rows.length === 1,
    )
    await expectSynced(page)

    await link.click()
    await page.getByRole('button', { name: 'POST', exact: true }).click()
    await toasts(page).getByText('Post created successfully!').waitFor()
    await eventually(() => storyRow(title), Boolean)
    expect(sql(dataDir, 'SELECT id FROM drafts WHERE title = ?', [title])).toEqual([])
    await context.close()
  })

  it('shows an HTML payload as text and lets no other user edit or delete the story', async () => {
    const author = await newContext()
    const page = await signedInPage(author)
    const title = `Payload ${Date.now()}`
    const payload = '<script>alert(1)</script><img src=x onerror=alert(1)>'
    await write(page, title, payload)
    await page.getByRole('button', { name: 'POST', exact: true }).click()
    await page.getByText('Post published successfully!').waitFor()
    const id = (await eventually(() => storyRow(title), Boolean))?.id
    expect(id).toMatch(/^[0-9a-f]{24}$/)

    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(`/blog/stories/${id}`)
    await page.getByText(payload).waitFor()
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0)
    await page.waitForTimeout(300)
    expect(dialogs).toEqual([])

    const other = await newContext()
    const intruder = await signedInPage(other)
    const put = await intruder.request.put(`/api/stories/${id}`, { data: { title: 'Taken over', content: 'x' } })
    expect(put.status()).toBe(403)
    expect((await intruder.request.delete(`/api/stories/${id}`)).status()).toBe(403)
    await intruder.goto('/user/posts')
    await intruder.getByRole('main').waitFor()
    expect(await intruder.getByRole('button', { name: `Edit ${title}` }).count()).toBe(0)
    expect(storyRow(title)).toBeDefined()
    await author.close()
    await other.close()
  })

  it('does not move the screen when the feed arrives late on a phone', async () => {
    const author = await newContext()
    await signIn(author)
    const title = `Late feed ${Date.now()}`
    const op = { opId: crypto.randomUUID(), createdAt: new Date().toISOString(), type: 'story.create' }
    const payload = {
      _id: crypto.randomUUID().replaceAll('-', '').slice(0, 24),
      title,
      content: 'x'.repeat(600),
      anonymous: false,
    }
    const push = await author.request.post('/api/sync/push', {
      data: { clientId: crypto.randomUUID(), ops: [{ ...op, payload }] },
    })
    expect(push.status()).toBe(200)
    await author.close()

    const reader = await newContext({ viewport: PHONE })
    const page = await reader.newPage()
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // A weak signal: the feed answers a second after the screen is drawn.
    await page.route('**/api/stories/all?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    await page.goto('/blog')
    await page.getByRole('region', { name: 'All stories' }).getByText('Loading stories…').waitFor()
    await card(page, title).waitFor()
    await page.getByRole('navigation', { name: 'Pages' }).waitFor()
    const shifted = await page.evaluate('shifts.reduce((sum, value) => sum + value, 0)')
    // Lighthouse's bar for a stable page is 0.1; the feed and the menus below it should not move at all.
    expect(shifted).toBeLessThan(0.01)
    await reader.close()
  })
})
