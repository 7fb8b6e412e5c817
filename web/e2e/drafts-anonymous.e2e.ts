import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { aUser, dataDir, logInThroughUi, newContext, signedInPage, type TestUser, toasts } from './browser.ts'
import { sql } from './server.ts'

async function loggedIn(context: BrowserContext, user: TestUser): Promise<Page> {
  const page = await context.newPage()
  await logInThroughUi(page, user)
  return page
}

/** Polled: the op reaches the server a moment after the screen says it is saved. */
async function eventually<T>(read: () => T, expected: (value: T) => boolean): Promise<T> {
  await expect.poll(() => expected(read()), { timeout: 30_000, interval: 250 }).toBe(true)
  return read()
}

const draftRows = (title: string) =>
  sql<{ id: string; anonymous: number }>(dataDir, 'SELECT id, anonymous FROM drafts WHERE title = ?', [title])
const storyRows = (title: string) =>
  sql<{ id: string; anonymous: number }>(dataDir, 'SELECT id, anonymous FROM stories WHERE title = ?', [title])

describe("a draft keeps 'Post anonymously'", () => {
  it('is opened again anonymous after a reload and on her other phone, and is published without her name', async () => {
    const user = aUser({ firstName: 'Rukmini', lastName: 'Deshpande' })
    const phone = await newContext()
    const page = await signedInPage(phone, user)
    const title = `Followed from the station ${Date.now()}`

    await page.goto('/posts/new')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Content').fill('A man followed me from Churchgate to the bus stop.')
    await page.getByRole('checkbox', { name: 'Post anonymously' }).check()
    await page.getByRole('button', { name: 'SAVE DRAFT' }).click()
    await page.getByText('Draft saved!').waitFor()
    await eventually(
      () => draftRows(title),
      (rows) => rows[0]?.anonymous === 1,
    )

    // Her other phone has no copy: the draft comes from the server with the choice.
    const otherPhone = await newContext()
    const other = await loggedIn(otherPhone, user)
    await other.goto('/user/drafts')
    await other.getByRole('link', { name: title }).click()
    await other.getByLabel('Title').waitFor()
    expect(await other.getByRole('checkbox', { name: 'Post anonymously' }).isChecked()).toBe(true)
    await otherPhone.close()

    await page.reload()
    await page.goto('/user/drafts')
    const draft = page.locator('article').filter({ has: page.getByRole('link', { name: title }) })
    await draft.getByText('Anonymous: will be posted without your name').waitFor()
    await draft.getByRole('link', { name: title }).click()
    expect(await page.getByLabel('Title').inputValue()).toBe(title)
    expect(await page.getByRole('checkbox', { name: 'Post anonymously' }).isChecked()).toBe(true)

    await page.getByRole('button', { name: 'POST', exact: true }).click()
    await toasts(page).getByText('Post created successfully!').waitFor()
    const [story] = await eventually(
      () => storyRows(title),
      (rows) => rows.length === 1,
    )
    expect(story?.anonymous).toBe(1)
    expect(draftRows(title)).toEqual([])

    // What every reader sees: a signed-out visitor, in the feed and on the story's page.
    const reader = await newContext()
    const feed = await reader.newPage()
    await feed.goto('/blog')
    const card = feed.locator('article').filter({ has: feed.getByRole('heading', { name: title, exact: true }) })
    await card.waitFor()
    expect(await card.locator('.story-meta__author').textContent()).toBe('by Anonymous')
    expect(await card.textContent()).not.toContain(user.lastName)
    await feed.goto(`/blog/stories/${story?.id}`)
    await feed.getByRole('heading', { name: title }).waitFor()
    const main = feed.getByRole('main')
    expect(await main.locator('.story-meta__author').textContent()).toBe('by Anonymous')
    expect(await main.textContent()).not.toContain(user.lastName)
    expect(await main.textContent()).not.toContain(user.firstName)
    await reader.close()
    await phone.close()
  })
})
