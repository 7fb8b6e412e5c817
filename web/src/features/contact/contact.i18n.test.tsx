import { I18nProvider } from '@lingui/react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ContactMessages, Messages, TextMessages } from '@wings/contract'
import type { ComponentType, ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { setLanguage } from '../../i18n/language.ts'
import { Route } from '../../routes/contact.tsx'
import { renderInApp } from '../../test/render.tsx'
import { syncServer } from '../../test/sync.ts'
import { ToastProvider } from '../../ui/Toast.tsx'
import { ContactForm } from './ContactForm.tsx'
import { t } from './messages.ts'
import { contactProblemText, FULL_NAME_MAX, QUERY_MAX } from './problems.ts'
import { SUPPORT_FAILED, SUPPORT_SENT, SupportBox } from './SupportBox.tsx'
import { OFFLINE_MESSAGE } from './send.ts'
import { freshContactForm, InApp, news } from './testing.ts'

/** The app's messages, as AppProviders gives them. */
const I18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

describe('contact in Hindi and Marathi', () => {
  freshContactForm()

  it("says the contract's field problems in English exactly", () => {
    expect(contactProblemText('fullName', TextMessages.required('Full name'))).toBe('Full name is required')
    expect(contactProblemText('fullName', TextMessages.tooLong('Full name', FULL_NAME_MAX))).toBe(
      TextMessages.tooLong('Full name', FULL_NAME_MAX),
    )
    expect(contactProblemText('query', TextMessages.tooLong('Query', QUERY_MAX))).toBe(
      TextMessages.tooLong('Query', QUERY_MAX),
    )
    expect(contactProblemText('emailId', Messages.invalidEmail)).toBe(Messages.invalidEmail)
    expect([t('sent'), t('failed'), t('emailInvalid')]).toEqual([
      ContactMessages.sent,
      ContactMessages.failed,
      Messages.invalidEmail,
    ])
    expect([t('offline'), t('supportSent'), t('supportFailed')]).toEqual([
      OFFLINE_MESSAGE,
      SUPPORT_SENT,
      SUPPORT_FAILED,
    ])
  })

  it('the page is in Marathi', async () => {
    await setLanguage('mr')
    const Contact = Route.options.component as ComponentType
    renderInApp(<Contact />, '/contact')
    expect(await screen.findByRole('heading', { level: 1, name: 'संपर्क करा' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'आमच्याशी संपर्क साधा' })).toBeTruthy()
    expect(screen.getByLabelText('पूर्ण नाव')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'पाठवा' })).toBeTruthy()
    expect(document.title).toBe('संपर्क करा · Wings')
  })

  it('the form speaks Hindi: labels, field problems and what became of the message', async () => {
    await setLanguage('hi')
    syncServer()
    const user = userEvent.setup()
    render(<ContactForm />, { wrapper: InApp })
    await user.click(screen.getByRole('button', { name: 'भेजें' }))
    expect(screen.getByText('पूरा नाम लिखना ज़रूरी है।')).toBeTruthy()
    await user.type(screen.getByLabelText('पूरा नाम'), 'Asha Rao')
    await user.type(screen.getByLabelText('ईमेल'), 'asha@example.in')
    await user.type(screen.getByLabelText('आपका सवाल'), 'डेमो मिल सकता है?')
    await user.click(screen.getByRole('button', { name: 'भेजें' }))
    await waitFor(() => expect(news()).toBe('मैसेज भेज दिया गया!'))
  })

  it('the support box speaks Marathi', async () => {
    await setLanguage('mr')
    const user = userEvent.setup()
    render(
      <ToastProvider>
        <SupportBox />
      </ToastProvider>,
      { wrapper: I18n },
    )
    expect(screen.getByLabelText('मदतीसाठी तुमचा ईमेल पत्ता')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'मदतीची विनंती पाठवा' }))
    expect((await screen.findByRole('alert')).textContent).toContain('ईमेल बरोबर नाही.')
  })
})
