import AxeBuilder from '@axe-core/playwright'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

export const baseURL = inject('baseURL')
export const dataDir = inject('dataDir')

export const PHONE = { width: 360, height: 740 }
export const DESKTOP = { width: 1280, height: 800 }

/** Near Grant Road station, in the test region: where the located tests stand. */
export const HERE = { latitude: 18.96543, longitude: 72.81634 }

let browser: Browser | undefined

/**
 * One browser for each test file: launched before its tests, closed after them (browser.setup.ts, a setup file).
 * `extraArgs` for a file that needs more of chromium (evidence.e2e.ts: its fake microphone), launched again with them.
 */
export function setUpBrowser(extraArgs: readonly string[] = []): void {
  beforeAll(async () => {
    if (extraArgs.length > 0) await browser?.close()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
  })
  afterAll(async () => {
    await browser?.close()
    browser = undefined
  })
}

const suiteRun = Math.floor(Math.random() * 0xffff).toString(16)
let phones = 0

export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  if (!browser) throw new Error('call setUpBrowser() at the top of the test file')
  phones += 1
  // A client address of its own from the IPv6 documentation range (a header only: no traffic goes there).
  const clientAddress = `2001:db8::${suiteRun}:${process.pid.toString(16)}:${phones.toString(16)}`
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
    ...options,
  })
  // A test must never reach a host outside this machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'))
  return context
}

/** A new context (see newContext) and its first page. */
export async function openPage(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(options)
  return { context, page: await context.newPage() }
}

/** Context options for a phone standing at `position` that lets the app read it. */
export const locatedAt = (position = HERE): BrowserContextOptions => ({
  geolocation: position,
  permissions: ['geolocation'],
})

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.in`
}

export const PASSWORD = 'Safe!Wings2026'

export interface TestUser {
  firstName: string
  lastName: string
  age: number
  gender: 'male' | 'female' | 'not to say'
  email: string
  password: string
}

export function aUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    firstName: 'Meera',
    lastName: 'Iyer',
    age: 27,
    gender: 'female',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  }
}

/** Creates an account and signs the context in through the API, as the login screen would. */
export async function signIn(context: BrowserContext, user: TestUser = aUser()): Promise<TestUser & { id: string }> {
  const signup = await context.request.post('/api/signup', { data: user })
  expect(signup.status()).toBe(201)
  const login = await context.request.post('/api/login', { data: { email: user.email, password: user.password } })
  expect(login.status()).toBe(200)
  const { data } = (await login.json()) as { data: { _id: string } }
  return { ...user, id: data._id }
}

/** Creates the account through the API, then signs in through the login screen on a new page of `context`. */
export async function signedInPage(context: BrowserContext, user: TestUser = aUser()): Promise<Page> {
  expect((await context.request.post('/api/signup', { data: user })).status()).toBe(201)
  const page = await context.newPage()
  await logInThroughUi(page, user)
  return page
}

/** Signs in through the login screen, as a person does: the app then keeps the user in IndexedDB. */
export async function logInThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 })
}

/** The app's toasts (ui/Toast.tsx): news in their polite region, errors in their alert region. */
export function toasts(page: Page, kind: 'news' | 'error' = 'news'): Locator {
  return page.locator('.toasts').getByRole(kind === 'error' ? 'alert' : 'status')
}

/** Records (and dismisses) every native alert, confirm or prompt the page opens: the app has its own, so none. */
export function nativeDialogs(page: Page): string[] {
  const opened: string[] = []
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return opened
}

/** Waits until the service worker controls the page, so the app shell is cached for offline use. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
}

/** axe-core finds no serious or critical violation on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(bad, `axe violations on ${page.url()}`).toEqual([])
}

/** The page has no horizontal scroll: nothing wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}
