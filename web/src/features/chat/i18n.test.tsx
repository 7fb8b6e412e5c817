import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { answer, refuse, server } from '../../test/api.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { ChatButton } from './ChatButton.tsx'
import { CHAT_LOCAL_NOTE, CHAT_TYPING } from './ChatConversation.tsx'
import { CHAT_AUTH_MESSAGE } from './conversation.ts'
import { t } from './messages.ts'
import { forgetChatsInMemory } from './store.ts'

describe('Saathi’s panel in Marathi', () => {
  beforeEach(async () => {
    await clearDb()
    sessionStorage.clear()
    forgetChatsInMemory()
  })

  it('keeps the English of the texts tests and other screens name', () => {
    expect(t('localNote')).toBe(CHAT_LOCAL_NOTE)
    expect(t('typing')).toBe(CHAT_TYPING)
    expect(t('authMessage')).toBe(CHAT_AUTH_MESSAGE)
  })

  it('shows its button, heading, message box and buttons in Marathi', async () => {
    server.use(answer('chatConversation', { success: true, data: [] }))
    await setLanguage('mr')
    renderInApp(<ChatButton />, '/')
    fireEvent.click(await screen.findByRole('button', { name: 'साथीसोबत चॅट उघडा' }))
    const panel = await screen.findByRole('dialog', { name: 'साथी' })
    expect(within(panel).getByRole('button', { name: 'चॅट बंद करा' }).textContent).toBe('बंद करा')
    const box = await within(panel).findByRole('textbox', { name: 'साथीला मेसेज' })
    expect(box.getAttribute('placeholder')).toBe('मेसेज लिहा')
    expect(within(panel).getByRole('button', { name: 'पाठवा' })).toBeTruthy()
    expect(within(panel).getByRole('log', { name: 'साथीसोबतचा संवाद' })).toBeTruthy()
    expect(within(panel).getByRole('group', { name: 'सुचवलेले प्रश्न' })).toBeTruthy()
  })

  it('asks her in Marathi to log in again when the server refuses the conversation', async () => {
    server.use(refuse('chatConversation', 401, 'Please log in to continue'))
    await setLanguage('mr')
    renderInApp(<ChatButton />, '/')
    fireEvent.click(await screen.findByRole('button', { name: 'साथीसोबत चॅट उघडा' }))
    await waitFor(() => expect(screen.getByText('हा संवाद पुढे चालू ठेवण्यासाठी कृपया पुन्हा लॉग इन करा.')).toBeTruthy())
  })
})
