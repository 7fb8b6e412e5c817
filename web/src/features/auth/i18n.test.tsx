import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PASSWORD_HINT, PasswordMessages } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { requests } from '../../test/api.ts'
import { renderInApp } from '../../test/render.tsx'
import { LoginForm } from './LoginForm.tsx'
import { t } from './messages.ts'
import { CONTRACT_TEXTS, problemText, RULE_VALUES } from './problems.ts'
import { SignupForm } from './SignupForm.tsx'

const catalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'locales', `${language}.json`), 'utf8'))

describe('the contract texts of the login and signup forms', () => {
  const entries = Object.entries(CONTRACT_TEXTS) as [Parameters<typeof t>[0], string][]

  it('are worded in English exactly as the contract words them', () => {
    expect(entries.length).toBeGreaterThan(20)
    for (const [key, english] of entries) {
      expect(english, key).not.toBe('')
      expect(t(key, RULE_VALUES), key).toBe(english)
      expect(problemText(english), key).toBe(english)
    }
  })

  it('have each password rule and field rule in Hindi and Marathi', async () => {
    const hi = catalog('hi')
    const mr = catalog('mr')
    for (const [key] of entries) {
      expect(hi[key], `hi ${key}`).toBeTruthy()
      expect(mr[key], `mr ${key}`).toBeTruthy()
    }
    await setLanguage('hi')
    expect(problemText(PasswordMessages.tooFewCharacters)).toBe('पासवर्ड में स्पेस के अलावा कम से कम 8 अक्षर होने चाहिए')
    expect(problemText(PASSWORD_HINT)).toContain('कम से कम 8 अक्षर')
    await setLanguage('mr')
    expect(problemText(PasswordMessages.tooCommon)).toBe('हा पासवर्ड खूप सामान्य आहे. कृपया दुसरा निवडा.')
    // A text the contract does not word (a server's own message) is shown as it came.
    expect(problemText('Something new')).toBe('Something new')
  })
})

describe('the login and signup forms in Hindi', () => {
  it('labels the login form and says "fill all fields" in Hindi', async () => {
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<LoginForm />, '/login')
    expect(await screen.findByLabelText('ईमेल')).toBeTruthy()
    expect(screen.getByLabelText('पासवर्ड')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'साइन अप करें' }).getAttribute('href')).toBe('/signup')
    await user.click(screen.getByRole('button', { name: 'लॉग इन' }))
    expect(screen.getByRole('alert').querySelector('.toast__text')?.textContent).toBe('कृपया सारी जानकारी भरें')
    expect(requests()).toEqual([])
  })

  it('tells the password rules in Hindi on the signup form', async () => {
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<SignupForm />, '/signup')
    expect(await screen.findByLabelText('पहला नाम')).toBeTruthy()
    expect(screen.getByRole('option', { name: 'महिला' })).toBeTruthy()
    expect(screen.getByText(/कम से कम 8 अक्षर, कम से कम 1 चिह्न/)).toBeTruthy()
    await user.type(screen.getByLabelText('पासवर्ड'), 'weakpass1')
    await user.tab()
    await waitFor(() => expect(screen.getByText('पासवर्ड में कम से कम 1 चिह्न (जैसे @ # !) होना चाहिए')).toBeTruthy())
    await user.type(screen.getByLabelText('पासवर्ड'), '!')
    expect(screen.getByText('पासवर्ड में कम से कम 1 कैपिटल अक्षर (A-Z) होना चाहिए')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'बनाएँ' })).toHaveProperty('disabled', true)
  })
})
