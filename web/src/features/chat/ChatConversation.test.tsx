import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ChatMessage } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, failure, gate, networkFailure, type Reply, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { onSosRequest } from '../sos/index.ts'
import { ChatButton } from './ChatButton.tsx'
import { CHAT_LOCAL_NOTE, CHAT_TYPING } from './ChatConversation.tsx'
import { CHAT_AUTH_MESSAGE, reply } from './conversation.ts'
import { chatGuestId, forgetChatsInMemory, GUEST_ID_KEY } from './store.ts'

const getUrl = (id: string) => `/api/${id}/chat/conversation/get`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

interface SendBody {
  userId: string
  text: string
  clientMessageId: string
}

type Answer<K extends 'chatSend' | 'chatConversation'> = Reply<K> | Promise<Reply<K>>
/** A send the server never answers. */
const never = () => new Promise<never>(() => undefined)

/** The two chat routes on the fake server: an empty conversation, and a send that answers `send(body)`. */
function chatServer(
  options: { get?: () => Answer<'chatConversation'>; send?: (body: SendBody) => Answer<'chatSend'> } = {},
) {
  const sent: SendBody[] = []
  const gets: string[] = []
  server.use(
    answer('chatSend', ({ body }) => {
      sent.push(body as SendBody)
      return options.send
        ? options.send(body as SendBody)
        : { success: true, messages: stored(body as SendBody, 'Hello.') }
    }),
    answer('chatConversation', ({ request }) => {
      gets.push(new URL(request.url).pathname)
      return options.get ? options.get() : { success: true, data: [] }
    }),
  )
  return { sent, gets }
}

let nextId = 1
const serverId = () => (nextId++).toString(16).padStart(24, '0')

/** The server's two stored messages for a send. */
function stored(body: SendBody, text: string, actions?: ChatMessage['actions']): ChatMessage[] {
  const at = new Date().toISOString()
  const bot: ChatMessage = { _id: serverId(), sender: 'bot', text, createdAt: at }
  if (actions) bot.actions = actions
  return [
    { _id: serverId(), sender: 'user', text: body.text, clientMessageId: body.clientMessageId, createdAt: at },
    bot,
  ]
}

async function openChat() {
  const app = renderInApp(<ChatButton />, '/')
  fireEvent.click(await screen.findByRole('button', { name: 'Open chat with Saathi' }))
  const box = await screen.findByRole('textbox', { name: 'Message Saathi' })
  return { ...app, box, log: screen.getByRole('log', { name: 'Conversation with Saathi' }) }
}

/** The text as the DOM shows it (line breaks fold to spaces). */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

function type(box: HTMLElement, text: string) {
  fireEvent.change(box, { target: { value: text } })
}

describe('Saathi, the chat panel', () => {
  beforeEach(async () => {
    await clearDb()
    sessionStorage.clear()
    forgetChatsInMemory()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('keeps a guest id for the browser session in sessionStorage', () => {
    const id = chatGuestId()
    expect(id).toMatch(/^[0-9a-f]{24}$/)
    expect(sessionStorage.getItem(GUEST_ID_KEY)).toBe(id)
    expect(chatGuestId()).toBe(id)
    sessionStorage.clear()
    expect(chatGuestId()).not.toBe(id)
  })

  it('loads her conversation, greets her and focuses the message box', async () => {
    const user = testUser()
    await db.user.put({ key: 'me', user, savedAt: Date.now() })
    const { gets } = chatServer({
      get: () => ({
        success: true,
        data: [
          {
            _id: user._id,
            messages: [
              { _id: serverId(), sender: 'user', text: 'What is 181 for?', createdAt: '2025-01-01T10:00:00.000Z' },
              {
                _id: serverId(),
                sender: 'bot',
                text: '181 helps with violence at home.',
                actions: [{ type: 'call', label: 'Call 181', number: '181' }],
                createdAt: '2025-01-01T10:00:00.000Z',
              },
            ],
          },
        ],
      }),
    })
    const { box, log } = await openChat()
    await within(log).findByText('181 helps with violence at home.')
    within(log).getByText('What is 181 for?')
    within(log).getByText(flat(reply('hi').text))
    expect(within(log).getByRole('link', { name: 'Call 181' }).getAttribute('href')).toBe('tel:181')
    expect(gets).toEqual([getUrl(user._id)])
    await waitFor(() => expect(document.activeElement).toBe(box))
    // The chips follow the answer to her last message.
    const chips = screen.getByRole('group', { name: 'Suggested questions' })
    for (const chip of reply('What is 181 for?').suggestions) within(chips).getByRole('button', { name: chip })
  })

  it('sends her message and shows the answer with its buttons', async () => {
    const { sent } = chatServer({
      send: (body) => ({
        success: true,
        messages: stored(body, 'Plan your route in the planner.', [
          { type: 'open', label: 'Open route planner', to: '/routeplanner' },
          { type: 'call', label: 'Call 112', number: '112' },
        ]),
      }),
    })
    const { box, log } = await openChat()
    type(box, '  How do I plan a safe route?  ')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await within(log).findByText('Plan your route in the planner.')
    within(log).getByText('How do I plan a safe route?')
    expect(sent).toEqual([
      { userId: chatGuestId(), text: 'How do I plan a safe route?', clientMessageId: expect.stringMatching(UUID) },
    ])
    expect((box as HTMLTextAreaElement).value).toBe('')
    expect(within(log).getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    expect(within(log).queryByText(CHAT_LOCAL_NOTE)).toBeNull()
    // An 'open' button goes to the screen and closes the panel.
    fireEvent.click(within(log).getByRole('link', { name: 'Open route planner' }))
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/routeplanner')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Saathi' })).toBeNull())
    // The conversation is kept on the phone (stored just after it is shown).
    await waitFor(async () => {
      const row = await db.meta.get(`chat:${chatGuestId()}`)
      expect((row?.value as { messages: ChatMessage[] } | undefined)?.messages.map((m) => m.text)).toEqual([
        'How do I plan a safe route?',
        'Plan your route in the planner.',
      ])
    })
  })

  it('does nothing with an empty message, and sends with Enter but not Shift+Enter', async () => {
    const { sent } = chatServer()
    const { box } = await openChat()
    type(box, '   ')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    fireEvent.keyDown(box, { key: 'Enter' })
    type(box, 'Hello')
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toEqual([])
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(sent.map((b) => b.text)).toEqual(['Hello']))
  })

  it('answers a danger message with SOS at once, before the network answers', async () => {
    const { sent } = chatServer({ send: never })
    const sos = vi.fn()
    const off = onSosRequest(sos)
    try {
      const { box, log } = await openChat()
      type(box, 'Someone is following me')
      fireEvent.keyDown(box, { key: 'Enter' })
      const button = await within(log).findByRole('button', { name: 'Send SOS' })
      for (const number of ['112', '181'])
        expect(
          within(log)
            .getByRole('link', { name: `Call ${number}` })
            .getAttribute('href'),
        ).toBe(`tel:${number}`)
      expect(screen.getByRole('status', { name: CHAT_TYPING }).textContent).toBe(CHAT_TYPING)
      expect(sent).toHaveLength(1)
      fireEvent.click(button)
      expect(sos).toHaveBeenCalledTimes(1)
    } finally {
      off()
    }
  })

  it('answers a Marathi danger message in Marathi, marked as Marathi for screen readers', async () => {
    chatServer({ send: never })
    const { box, log } = await openChat()
    type(box, 'कोणीतरी माझा पाठलाग करतोय मला भीती वाटतेय')
    fireEvent.keyDown(box, { key: 'Enter' })
    const sos = await within(log).findByRole('button', { name: 'SOS पाठवा' })
    expect(sos.closest('.chat__message')?.getAttribute('lang')).toBe('mr')
    expect(within(log).getByRole('link', { name: '112 ला कॉल करा' }).getAttribute('href')).toBe('tel:112')
  })

  it("replaces the local danger answer with the server's copy when it arrives", async () => {
    const reply = gate()
    chatServer({
      send: async (body) => {
        await reply.opened
        return { success: true, messages: stored(body, 'Stored danger answer', [{ type: 'sos', label: 'Send SOS' }]) }
      },
    })
    const { box, log } = await openChat()
    type(box, 'bachao')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await within(log).findByRole('button', { name: 'Send SOS' })
    within(log).getByText(CHAT_LOCAL_NOTE)
    await act(async () => reply.open())
    await within(log).findByText('Stored danger answer')
    expect(within(log).getAllByRole('button', { name: 'Send SOS' })).toHaveLength(1)
    expect(within(log).getAllByText('bachao')).toHaveLength(1)
    expect(within(log).queryByText(CHAT_LOCAL_NOTE)).toBeNull()
    await waitFor(() => expect(screen.queryByRole('status', { name: CHAT_TYPING })).toBeNull())
  })

  it('offline, answers on this phone and queues exactly one chat.send op, kept after a reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { sent } = chatServer()
    const { box, log, unmount } = await openChat()
    const text = 'Which helplines should I know?'
    type(box, text)
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await within(log).findByText(CHAT_LOCAL_NOTE)
    within(log).getByText(flat(reply(text).text))
    within(log).getByText(text)
    const ops = await db.outbox.toArray()
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({
      type: 'chat.send',
      entity: `chat:${chatGuestId()}`,
      payload: {
        userId: chatGuestId(),
        text,
        clientMessageId: expect.stringMatching(UUID),
        createdAt: expect.any(String),
      },
    })
    expect(sent).toHaveLength(0)

    // A reload, still offline: the conversation kept on the phone shows.
    unmount()
    forgetChatsInMemory()
    const again = await openChat()
    await within(again.log).findByText(text)
    within(again.log).getByText(CHAT_LOCAL_NOTE)
    expect(await db.outbox.count()).toBe(1)
  })

  it('when the network fails, answers on this phone and queues the message', async () => {
    chatServer({ send: networkFailure })
    const { box, log } = await openChat()
    type(box, 'How does SOS work?')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await within(log).findByText(CHAT_LOCAL_NOTE)
    within(log).getByText(flat(reply('How does SOS work?').text))
    await waitFor(async () => expect((await db.outbox.toArray()).map((op) => op.type)).toEqual(['chat.send']))
  })

  it('sends a suggestion chip', async () => {
    const { sent } = chatServer()
    await openChat()
    const chips = screen.getByRole('group', { name: 'Suggested questions' })
    const defaults = reply('hi').suggestions
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(defaults)
    fireEvent.click(within(chips).getByRole('button', { name: defaults[1] }))
    await waitFor(() => expect(sent.map((b) => b.text)).toEqual([defaults[1]]))
  })

  it('asks her to log in again on a 401 or 403', async () => {
    const user = testUser()
    await db.user.put({ key: 'me', user, savedAt: Date.now() })
    chatServer({
      get: () => failure(401, 'Please log in'),
      send: () => failure(403, 'This conversation belongs to someone else'),
    })
    const { box, log } = await openChat()
    await screen.findByText(CHAT_AUTH_MESSAGE)
    type(box, 'Safety tips')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await within(log).findByText('Not sent')
    screen.getByText(CHAT_AUTH_MESSAGE)
    expect(await db.outbox.count()).toBe(0)
  })

  it('says why a message was refused and what to do: the wait of a 429, the rule it broke', async () => {
    await db.user.put({ key: 'me', user: testUser(), savedAt: Date.now() })
    let refusal = failure(429, 'Too many messages. Please wait a minute and try again.', 'RATE_LIMITED', {
      'Retry-After': '20',
    })
    chatServer({ send: () => refusal })
    const { box, log } = await openChat()
    type(box, 'Safety tips')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await within(log).findByText('Not sent')
    expect(
      await screen.findByText(
        'Too many messages. Please wait a minute and try again. You can try again in 20 seconds.',
      ),
    ).toBeTruthy()
    refusal = failure(400, 'Message must be at most 2000 characters')
    type(box, 'Safety tips again')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText('Message must be at most 2000 characters. Check what you entered and try again.'),
    ).toBeTruthy()
    await waitFor(() => expect(within(log).getAllByText('Not sent')).toHaveLength(2))
  })
})
