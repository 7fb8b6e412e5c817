import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../../test/render.tsx'
import { DraftsPage } from './DraftsPage.tsx'
import { saveDraft } from './ops.ts'
import { offlineAuthorScreens } from './testing.ts'

describe('/user/drafts', () => {
  offlineAuthorScreens({ signedIn: true })

  it('marks her anonymous drafts in the list, and only those', async () => {
    await saveDraft({ title: 'Hidden name', content: 'Body', anonymous: true })
    await saveDraft({ title: 'My name', content: 'Body' })
    renderInApp(<DraftsPage />, '/user/drafts')
    const card = async (title: string) => (await screen.findByRole('link', { name: title })).closest('article')
    expect((await card('Hidden name'))?.textContent).toContain('Anonymous: will be posted without your name')
    expect((await card('My name'))?.textContent).not.toContain('Anonymous')
  })

  it('lists drafts written offline', async () => {
    const id = await saveDraft({ title: 'Unfinished', content: 'Body' })
    renderInApp(<DraftsPage />, '/user/drafts')
    const link = await screen.findByRole('link', { name: 'Unfinished' })
    expect(link.getAttribute('href')).toBe(`/user/draft/${id}`)
    expect(
      screen.getByText(
        'You are offline: showing what was saved on this phone. It updates by itself when you are back online.',
      ),
    ).toBeTruthy()
  })
})
