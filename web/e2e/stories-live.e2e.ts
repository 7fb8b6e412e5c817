/**
 * A story change shows on every blog screen at once, in the same page (no reload) and in another tab: publishing
 * (online, offline, from a draft), editing, deleting, likes and saves. Once the outbox has sent the change and the
 * server answered, nothing jumps back. At 360 px, against the real server.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dataDir, newContext, PHONE, signedInPage, signIn, waitForServiceWorker } from './browser.ts'
import { sql } from './server.ts'

/** Marks the page's JavaScript context: a reload would lose the mark. */
async function markLoaded(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { wingsNotReloaded: true }))
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { wingsNotReloaded?: boolean }).wingsNotReloaded === true)).toBe(true)
}

async function expectSynced(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.getByLabel('Sync status').textContent())?.trim(), { timeout: 30_000 })
    .toBe('All changes saved')
}

/** A link of the header's menu (collapsed at 360 px), followed inside the app. */
async function menuLink(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' })
  const toggle = nav.getByRole('button', { name: 'Menu' })
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await nav.getByRole('link', { name, exact: true }).click()
  // Following a link to the screen she is on leaves the menu open.
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click()
}

const pager = (page: Page) => page.getByText(/page \d+ \/ \d+/)

async function toFeed(page: Page): Promise<void> {
  await menuLink(page, 'Blog')
  await pager(page).waitFor()
}

/** A link of the blog's author menu (Create, My posts, Drafts), from the feed. */
async function authorLink(page: Page, name: 'Create' | 'My posts' | 'Drafts'): Promise<void> {
  await toFeed(page)
  await page.getByRole('navigation', { name: 'Author menu' }).getByRole('link', { name, exact: true }).click()
}

async function sideList(page: Page, name: 'Recent posts' | 'Saved posts'): Promise<void> {
  await toFeed(page)
  await page.getByRole('navigation', { name: 'Story lists' }).getByRole('button', { name, exact: true }).click()
  if (name === 'Recent posts') await page.getByRole('heading', { name: 'Recent posts', level: 2 }).waitFor()
  else await page.getByRole('heading', { name: 'Saved posts', level: 1 }).waitFor()
}

function card(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

/** Publishes from the new-post editor, reached through the author menu; the app then shows the feed. */
async function publish(
  page: Page,
  title: string,
  content = 'Walked with a friend; the lane behind the market is dark.',
) {
  await authorLink(page, 'Create')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Content').fill(content)
  await page.getByRole('button', { name: 'POST', exact: true }).click()
  await page.getByText('Post published successfully!').first().waitFor()
  await page.waitForURL((url) => url.pathname === '/blog')
}

/** `title` is on screen `times` times, and stays so for a while (nothing jumps back, nothing doubles). */
async function expectSteady(read: () => Promise<number>, times: number): Promise<void> {
  await expect.poll(read, { timeout: 15_000 }).toBe(times)
  for (let i = 0; i < 8; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await read()).toBe(times)
  }
}

const serverCount = (title: string) =>
  sql<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM stories WHERE title = ?', [title])[0]?.n ?? 0

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext({ viewport: PHONE })
  const page = await signedInPage(context)
  await markLoaded(page)
  return { context, page }
}

describe('a story change shows on every screen at once', () => {
  it('a story published online is in the feed, Recent posts, My posts and its page, and stays once sent', async () => {
    const { context, page } = await phone()
    // Every screen read once first: what they stored must not hide the new story.
    await toFeed(page)
    await sideList(page, 'Recent posts')
    await authorLink(page, 'My posts')
    await page.getByText('You have not posted a story yet.').waitFor()

    const title = `Home before dark ${Date.now()}`
    await publish(page, title)
    await card(page, title).waitFor()
    await expectSynced(page)
    await expect.poll(() => serverCount(title), { timeout: 15_000 }).toBe(1)
    await expectSteady(() => card(page, title).count(), 1)

    await sideList(page, 'Recent posts')
    await expectSteady(() => card(page, title).count(), 1)
    await authorLink(page, 'My posts')
    await page.getByRole('link', { name: title, exact: true }).click()
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    await expectNotReloaded(page)
    await context.close()
  })

  it('a story published offline shows at once, and is sent once and stays once when back online', async () => {
    const { context, page } = await phone()
    await waitForServiceWorker(page)
    await toFeed(page)
    await authorLink(page, 'My posts')
    await page.getByText('You have not posted a story yet.').waitFor()
    await context.setOffline(true)

    const title = `Written on the local train ${Date.now()}`
    await publish(page, title)
    await card(page, title).waitFor()
    await authorLink(page, 'My posts')
    await page.getByRole('link', { name: title, exact: true }).click()
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    expect(serverCount(title)).toBe(0)

    await context.setOffline(false)
    await expectSynced(page)
    expect(serverCount(title)).toBe(1)
    await toFeed(page)
    await expectSteady(() => card(page, title).count(), 1)
    await authorLink(page, 'My posts')
    await expectSteady(() => page.getByRole('link', { name: title, exact: true }).count(), 1)
    await expectNotReloaded(page)
    await context.close()
  })

  it('a published draft is in the feed at once', async () => {
    const { context, page } = await phone()
    // Whatever the draft editor says when it publishes (an alert or a toast), she goes on.
    page.on('dialog', (dialog) => void dialog.accept())
    await toFeed(page)
    const title = `Draft about the bus stop ${Date.now()}`
    await authorLink(page, 'Create')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Content').fill('The stop near the hospital has a light now.')
    await page.getByRole('button', { name: 'SAVE DRAFT', exact: true }).click()
    await page.getByText('Draft saved!').first().waitFor()

    await authorLink(page, 'Drafts')
    await page.getByRole('link', { name: title, exact: true }).click()
    await page.getByRole('button', { name: 'POST', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/blog')
    await card(page, title).waitFor()
    await expectSynced(page)
    await expectSteady(() => card(page, title).count(), 1)
    await authorLink(page, 'Drafts')
    await page.getByText('No drafts yet.').waitFor()
    await expectNotReloaded(page)
    await context.close()
  })

  it('an edit shows in the feed, My posts, its page and Saved posts; a delete leaves them all', async () => {
    const { context, page } = await phone()
    const title = `Station exit ${Date.now()}`
    await publish(page, title)
    await card(page, title).getByRole('button', { name: 'Save post' }).click()
    await card(page, title).getByRole('button', { name: 'Unsave post' }).waitFor()
    await expectSynced(page)
    await sideList(page, 'Recent posts')
    await card(page, title).waitFor()

    const edited = `${title} (west side)`
    await authorLink(page, 'My posts')
    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await page.getByLabel('Title').fill(edited)
    await page.getByRole('button', { name: 'SAVE', exact: true }).click()
    await page.getByText('Post updated successfully!').first().waitFor()
    await page.getByRole('link', { name: edited, exact: true }).waitFor()

    await toFeed(page)
    await card(page, edited).waitFor()
    expect(await card(page, title).count()).toBe(0)
    await sideList(page, 'Saved posts')
    await page.getByRole('link', { name: edited, exact: true }).click()
    await page.getByRole('heading', { name: edited, level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Open in the blog' }).click()
    await page.getByRole('heading', { name: edited, level: 1 }).waitFor()
    await expectSynced(page)
    await sideList(page, 'Recent posts')
    await expectSteady(() => card(page, edited).count(), 1)
    expect(await card(page, title).count()).toBe(0)

    await authorLink(page, 'My posts')
    await page.getByRole('button', { name: `Delete ${edited}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText('Post deleted successfully').first().waitFor()
    await page.getByText('You have not posted a story yet.').waitFor()
    await toFeed(page)
    expect(await card(page, edited).count()).toBe(0)
    await sideList(page, 'Recent posts')
    expect(await card(page, edited).count()).toBe(0)
    await sideList(page, 'Saved posts')
    await page.getByText('No saved posts yet.').waitFor()
    await expectSynced(page)
    await expect.poll(() => serverCount(edited), { timeout: 15_000 }).toBe(0)
    await toFeed(page)
    await expectSteady(() => card(page, edited).count(), 0)
    await expectNotReloaded(page)
    await context.close()
  })

  it('a like or a save on the story page shows on the feed card and in Saved posts, and the other way round', async () => {
    const writer = await newContext()
    await signIn(writer)
    const title = `Auto stand at night ${Date.now()}`
    const created = await writer.request.post('/api/user/stories/create', {
      data: { title, content: 'The drivers there were kind and waited until I was inside.' },
    })
    expect(created.status()).toBe(201)
    await writer.close()

    const { context, page } = await phone()
    await toFeed(page)
    const feedCard = card(page, title)
    await feedCard.getByRole('link', { name: 'Read more' }).click()
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Like', exact: true }).click()
    await expect
      .poll(() => page.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed'))
      .toBe('true')
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Saved to your posts').waitFor()

    await page.getByRole('link', { name: /Back to stories/ }).click()
    await expect
      .poll(() => feedCard.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed'))
      .toBe('true')
    expect(await feedCard.getByLabel('Likes', { exact: true }).textContent()).toBe('1')
    await feedCard.getByRole('button', { name: 'Unsave post' }).waitFor()
    await sideList(page, 'Saved posts')
    await page.getByRole('link', { name: title, exact: true }).waitFor()

    // The other way round: a dislike and an unsave on the card show on the story page and in Saved posts.
    await toFeed(page)
    await feedCard.getByRole('button', { name: 'Dislike', exact: true }).click()
    await feedCard.getByRole('button', { name: 'Unsave post' }).click()
    await feedCard.getByRole('button', { name: 'Save post' }).waitFor()
    await sideList(page, 'Saved posts')
    await page.getByText('No saved posts yet.').waitFor()
    await toFeed(page)
    await feedCard.getByRole('link', { name: 'Read more' }).click()
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    const dislike = page.getByRole('button', { name: 'Dislike', exact: true })
    await expect.poll(() => dislike.getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed')).toBe('false')
    expect(await page.getByLabel('Likes', { exact: true }).textContent()).toBe('0')
    expect(await page.getByLabel('Dislikes', { exact: true }).textContent()).toBe('1')

    await expectSynced(page)
    await page.getByRole('link', { name: /Back to stories/ }).click()
    await expectSteady(async () => Number(await feedCard.getByLabel('Dislikes', { exact: true }).textContent()), 1)
    expect(await feedCard.getByLabel('Likes', { exact: true }).textContent()).toBe('0')
    const row = sql<{ likes: number; dislikes: number }>(
      dataDir,
      'SELECT likes, dislikes FROM stories WHERE title = ?',
      [title],
    )[0]
    expect(row).toEqual({ likes: 0, dislikes: 1 })
    await expectNotReloaded(page)
    await context.close()
  })

  it('another tab of the same browser shows her new story and her like without a reload', async () => {
    const { context, page } = await phone()
    const other = await context.newPage()
    await other.goto('/blog')
    await pager(other).waitFor()
    await markLoaded(other)

    const title = `Told from two tabs ${Date.now()}`
    await publish(page, title)
    await card(page, title).getByRole('button', { name: 'Like', exact: true }).click()
    await expectSynced(page)
    const there = card(other, title)
    await expectSteady(() => there.count(), 1)
    await expect
      .poll(() => there.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed'))
      .toBe('true')
    expect(await there.getByLabel('Likes', { exact: true }).textContent()).toBe('1')
    await expectNotReloaded(other)
    await context.close()
  })
})
