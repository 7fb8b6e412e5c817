import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { catalog, i18n } from './catalog.tsx'
import { setLanguage } from './language.ts'

const compiled = (message: string) => [message]

let fetchHindi: () => Promise<unknown> = () => Promise.resolve({ default: { hello: compiled('नमस्ते') } })
const greeting = catalog(
  'catalog-test',
  { hello: 'Hello', count: '{count, plural, one {# route} other {# routes}}', link: 'See <0>the numbers</0>.' },
  {
    './locales/hi.json': () => fetchHindi(),
    './locales/mr.json': () =>
      Promise.resolve({
        default: {
          hello: compiled('नमस्कार'),
          count: [['count', 'plural', { one: ['#', ' मार्ग'], other: ['#', ' मार्ग'] }]],
          link: compiled('<0>नंबर</0> पाहा.'),
        },
      }),
  },
)

function Greeting() {
  const t = greeting.useT()
  return (
    <p>
      {t('hello')} · {t('count', { count: 3 })} · <greeting.T k="link" components={{ 0: <strong /> }} />
    </p>
  )
}

const renderGreeting = () =>
  render(
    <I18nProvider i18n={i18n}>
      <Suspense fallback={<p>loading</p>}>
        <Greeting />
      </Suspense>
    </I18nProvider>,
  )

describe('a feature catalog', () => {
  it('speaks English with plurals and markup', () => {
    renderGreeting()
    expect(screen.getByText(/Hello · 3 routes · See/)).toBeTruthy()
    expect(screen.getByText('the numbers').tagName).toBe('STRONG')
  })

  it('switches a shown screen to the chosen language without a reload', async () => {
    renderGreeting()
    await act(() => setLanguage('mr'))
    expect(await screen.findByText(/नमस्कार · 3 मार्ग/)).toBeTruthy()
    expect(screen.getByText('नंबर').tagName).toBe('STRONG')
  })

  it('shows English, never a key, for a message whose catalog could not be fetched', async () => {
    fetchHindi = () => Promise.reject(new Error('offline'))
    await setLanguage('hi')
    expect(greeting.t('hello')).toBe('Hello')
    renderGreeting()
    expect(await screen.findByText(/Hello · 3 routes/)).toBeTruthy()
    expect(document.body.textContent).not.toContain('catalog-test.')
  })
})
