import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { renderInApp } from '../../test/render.tsx'
import { InstallButton } from './InstallButton.tsx'

// jsdom offers no install prompt and is no iPhone: the button explains the browser menu.
describe('InstallButton', () => {
  it('offers the app and explains the browser menu in English', async () => {
    const user = userEvent.setup()
    renderInApp(<InstallButton />)
    await user.click(await screen.findByRole('button', { name: 'Download Our App' }))
    const dialog = screen.getByRole('dialog', { name: 'Install Wings', hidden: true })
    expect(within(dialog).getByText('Install app')).toBeTruthy()
  })

  it('offers the app and explains the browser menu in Hindi', async () => {
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<InstallButton />)
    await user.click(await screen.findByRole('button', { name: 'हमारा ऐप डाउनलोड करें' }))
    const dialog = screen.getByRole('dialog', { name: 'Wings इंस्टॉल करें', hidden: true })
    expect(within(dialog).getByText(/आपके ब्राउज़र ने Wings को सीधे इंस्टॉल करने का विकल्प नहीं दिया/)).toBeTruthy()
    expect(within(dialog).getByText('ऐप इंस्टॉल करें').tagName).toBe('STRONG')
    expect(within(dialog).getByRole('button', { name: 'बंद करें', hidden: true })).toBeTruthy()
  })

  it('offers the app in Marathi', async () => {
    await setLanguage('mr')
    renderInApp(<InstallButton />)
    expect(await screen.findByRole('button', { name: 'आमचं ॲप डाउनलोड करा' })).toBeTruthy()
  })
})
