import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { aUser, newContext, type TestUser } from './browser.ts'

let page: Page

beforeEach(async () => {
  page = await (await newContext()).newPage()
})

async function fillSignup(p: Page, user: Partial<Omit<TestUser, 'age'>> & { age?: number | string }) {
  if (user.firstName !== undefined) await p.getByLabel('First name').fill(user.firstName)
  if (user.lastName !== undefined) await p.getByLabel('Last name').fill(user.lastName)
  if (user.age !== undefined) await p.getByLabel('Age').fill(String(user.age))
  if (user.gender !== undefined) await p.getByLabel('Gender').selectOption(user.gender)
  if (user.email !== undefined) await p.getByLabel('Email').fill(user.email)
  if (user.password !== undefined) await p.getByLabel('Password', { exact: true }).fill(user.password)
}

describe('accounts in the browser', () => {
  it('signs up, logs in, edits the profile and logs out', async () => {
    const user = aUser()
    await page.goto('/signup')
    await expect.poll(() => page.getByRole('heading', { name: 'Create a new Account' }).isVisible()).toBe(true)
    const create = page.getByRole('button', { name: 'Create' })
    expect(await create.isDisabled()).toBe(true)
    await fillSignup(page, user)
    expect(await create.isEnabled()).toBe(true)
    await create.click()
    await page.getByText('Account created successfully').waitFor()
    await page.waitForURL('**/login', { timeout: 5000 })
    // The address changes before the login screen replaces the signup form (which has an Email field too).
    await page.getByRole('heading', { name: 'Login to your Account' }).waitFor()

    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Logged in successfully').waitFor()
    await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 })
    await page.getByText(`Hi, ${user.firstName}`).waitFor()

    await page.goto('/profile')
    const firstName = page.getByLabel('First name')
    await expect.poll(() => firstName.inputValue()).toBe(user.firstName)
    await firstName.fill('Meenakshi')
    await page.getByLabel('Age').fill('31')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await page.getByRole('button', { name: 'Saved!' }).waitFor()
    await page.getByText('Profile updated successfully!').waitFor()
    await page.getByRole('button', { name: 'Save Profile' }).waitFor({ timeout: 5000 })
    await page.reload()
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Meenakshi')
    expect(await page.getByLabel('Age').inputValue()).toBe('31')
    await page.getByText('Hi, Meenakshi').waitFor()
    expect(await page.getByRole('link', { name: 'My saved routes' }).getAttribute('href')).toBe('/routes')

    await page.getByRole('button', { name: 'Logout' }).first().click()
    await page.getByText('Logged out successfully!').waitFor()
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 })
    await page
      .getByRole('link', { name: /log ?in/i })
      .first()
      .waitFor()
    expect((await page.request.get('/api/profile')).status()).toBe(401)
  })

  it('shows every signup validation message and the server refusal of a taken e-mail', async () => {
    const taken = aUser()
    expect((await page.request.post('/api/signup', { data: taken })).status()).toBe(201)

    await page.goto('/signup')
    await fillSignup(page, { ...aUser(), email: 'meera@example' })
    await page.getByLabel('First name').click()
    await page.getByText('Invalid email format').waitFor()
    expect(await page.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true)

    const messages: Array<[string, string]> = [
      ['Short!1', 'Password must be at least 8 characters'],
      ['NoSymbolHere1', 'Password must contain at least 1 symbol'],
      ['no-capital-1', 'Password must contain at least 1 capital letter'],
    ]
    for (const [password, message] of messages) {
      await page.getByLabel('Password', { exact: true }).fill(password)
      await page.getByText(message).waitFor()
    }
    await page.getByLabel('Age').fill('9')
    await page.getByText('Age must be a whole number from 13 to 120').waitFor()
    await page.getByLabel('First name').fill('')
    await page.getByText('First name is required').waitFor()

    await fillSignup(page, { ...taken, firstName: 'Other' })
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText('An account with this email already exists').waitFor()
    expect(new URL(page.url()).pathname).toBe('/signup')
  })

  it('says "Please fill all fields", refuses a wrong password and shows or hides the password', async () => {
    const user = aUser()
    expect((await page.request.post('/api/signup', { data: user })).status()).toBe(201)
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Login to your Account' }).waitFor()
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Please fill all fields').waitFor()

    const password = page.getByLabel('Password', { exact: true })
    await page.getByLabel('Email').fill(user.email)
    await password.fill('Wrong!Password1')
    expect(await password.getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await password.getAttribute('type')).toBe('text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    expect(await password.getAttribute('type')).toBe('password')

    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Invalid email or password').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(
      await page
        .getByRole('link', { name: /sign ?up|create/i })
        .first()
        .getAttribute('href'),
    ).toBe('/signup')
  })

  it('sends a signed-out visitor from /profile to the login page', async () => {
    await page.goto('/profile')
    await page.waitForURL('**/login**')
  })
})
