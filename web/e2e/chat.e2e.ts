import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, newContext, openPage, PHONE, waitForServiceWorker } from './browser.ts'

interface Message {
  sender: string
  text: string
}

/** Opens the panel; answers the panel and the conversation id the app asked the server for. */
async function openSaathi(page: Page) {
  const loaded = page.waitForResponse((r) => /\/api\/[0-9a-f]{24}\/chat\/conversation\/get$/.test(r.url()))
  await page.getByRole('button', { name: 'Open chat with Saathi' }).click()
  const id = /\/api\/([0-9a-f]{24})\//.exec((await loaded).url())?.[1] ?? ''
  return { panel: page.getByRole('dialog', { name: 'Saathi' }), id }
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message Saathi' }).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

const messagesOf = async (page: Page, id: string): Promise<Message[]> => {
  const res = await page.context().request.get(`/api/${id}/chat/conversation/get`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { messages: Message[] }[] }).data[0]?.messages ?? []
}

describe('Saathi', () => {
  it('answers a guest, keeps her conversation for the session, and keeps it from anyone else', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/')
    const { panel, id } = await openSaathi(page)
    await say(page, 'How do I save a route for later?')
    const log = panel.getByRole('log', { name: 'Conversation with Saathi' })
    await log.getByText('How do I save a route for later?').waitFor()
    await expect.poll(async () => (await messagesOf(page, id)).map((m) => m.sender)).toEqual(['user', 'bot'])
    await expectAccessible(page)

    // Back later in the same browser session: the same conversation.
    await page.reload()
    const again = await openSaathi(page)
    expect(again.id).toBe(id)
    await again.panel.getByText('How do I save a route for later?').waitFor()

    // Another browser cannot read it, even knowing its id.
    const other = await newContext()
    expect((await other.request.get(`/api/${id}/chat/conversation/get`)).status()).toBe(403)
    await other.close()
    await context.close()
  })

  it('answers danger at once with SOS and the emergency numbers, in Hinglish too', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    const { panel } = await openSaathi(page)
    await say(page, 'koi mera peecha kar raha hai')
    await panel.getByRole('button', { name: 'Send SOS' }).waitFor()
    expect(await panel.getByRole('link', { name: 'Call 112' }).first().getAttribute('href')).toBe('tel:112')
    // The SOS button opens the SOS sheet at once: Call 112 first, then the spec's question inside it.
    await panel.getByRole('button', { name: 'Send SOS' }).first().click()
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.getByText('Send an emergency SOS with your current location?').waitFor()
    expect(await sheet.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await context.close()
  })

  it('answers her in Marathi or Hindi, with the numbers of her situation, online and in airplane mode', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/')
    await waitForServiceWorker(page)
    const { panel } = await openSaathi(page)
    await say(page, 'मला आता जगायचं नाही आज सगळं संपवणार आहे')
    await panel.getByRole('button', { name: 'SOS पाठवा' }).waitFor()
    expect(await panel.getByRole('link', { name: '14416 ला कॉल करा' }).first().getAttribute('href')).toBe('tel:14416')
    await panel.getByText('तुम्ही आत्ता धोक्यात असाल तर: SOS दाबा किंवा 112 ला कॉल करा.', { exact: false }).first().waitFor()

    await context.setOffline(true)
    await say(page, 'मेरा पति मुझे मार रहा है और कमरे में बंद कर दिया है')
    await panel.getByText('Answered on this phone').first().waitFor()
    expect(await panel.getByRole('link', { name: '181 पर कॉल करें' }).first().getAttribute('href')).toBe('tel:181')
    await panel.getByRole('button', { name: 'SOS भेजें' }).first().waitFor()
    await context.close()
  })

  it('offline, answers on the phone and delivers her message once the network is back', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    const { panel, id } = await openSaathi(page)
    await say(page, 'Hi')
    await expect.poll(async () => (await messagesOf(page, id)).length).toBe(2)

    await context.setOffline(true)
    await say(page, 'What is the women helpline number?')
    await panel.getByText('Answered on this phone').first().waitFor()
    await panel.getByRole('link', { name: 'Call 181' }).first().waitFor()

    await context.setOffline(false)
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect
      .poll(async () => (await messagesOf(page, id)).map((m) => m.text), { timeout: 30_000 })
      .toContain('What is the women helpline number?')
    const texts = (await messagesOf(page, id)).filter((m) => m.text === 'What is the women helpline number?')
    expect(texts).toHaveLength(1)
    await context.close()
  })
})
