import { I18nProvider } from '@lingui/react'
import { render as renderAlone, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { canSubmit, EditPostForm, PostEditor } from './Editors.tsx'

/** The editors speak her language: they render inside the app's I18nProvider. */
const render = (ui: ReactNode) => renderAlone(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

function deferred() {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('PostEditor', () => {
  it('enables SAVE DRAFT and POST only when the title and the content hold text', async () => {
    const user = userEvent.setup()
    render(<PostEditor label="New post" onSaveDraft={vi.fn()} onPost={vi.fn()} />)
    const draft = screen.getByRole('button', { name: 'SAVE DRAFT' })
    const post = screen.getByRole('button', { name: 'POST' })
    expect(draft).toHaveProperty('disabled', true)
    expect(post).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Title'), 'My story')
    expect(post).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Content'), '   ')
    expect(post).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Content'), 'It happened.')
    expect(draft).toHaveProperty('disabled', false)
    expect(post).toHaveProperty('disabled', false)
    await user.clear(screen.getByLabelText('Title'))
    expect(draft).toHaveProperty('disabled', true)
  })

  it("shows 'Saving...' and 'Posting...' while busy, with both buttons disabled", async () => {
    const user = userEvent.setup()
    const save = deferred()
    const post = deferred()
    const onSaveDraft = vi.fn(() => save.promise)
    const onPost = vi.fn(() => post.promise)
    render(<PostEditor label="New post" onSaveDraft={onSaveDraft} onPost={onPost} />)
    await user.type(screen.getByLabelText('Title'), 'T')
    await user.type(screen.getByLabelText('Content'), 'C')
    await user.click(screen.getByLabelText('Post anonymously'))
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'POST' })).toHaveProperty('disabled', true)
    expect(onSaveDraft).toHaveBeenCalledWith({ title: 'T', content: 'C', anonymous: true })
    save.resolve()
    await screen.findByRole('button', { name: 'SAVE DRAFT' })
    await user.click(screen.getByRole('button', { name: 'POST' }))
    expect(screen.getByRole('button', { name: 'Posting...' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'SAVE DRAFT' })).toHaveProperty('disabled', true)
    post.resolve()
    await screen.findByRole('button', { name: 'POST' })
    expect(onPost).toHaveBeenCalledTimes(1)
  })

  it('starts from a draft', () => {
    render(
      <PostEditor label="Edit draft" initial={{ title: 'A', content: 'B' }} onSaveDraft={vi.fn()} onPost={vi.fn()} />,
    )
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('A')
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('B')
    expect(screen.getByRole('button', { name: 'POST' })).toHaveProperty('disabled', false)
  })
})

describe('EditPostForm', () => {
  it("has SAVE, disabled when a field is empty, 'Saving...' while busy", async () => {
    const user = userEvent.setup()
    const done = deferred()
    const onSave = vi.fn(() => done.promise)
    render(<EditPostForm initial={{ title: 'A', content: 'B' }} onSave={onSave} />)
    await user.clear(screen.getByLabelText('Content'))
    expect(screen.getByRole('button', { name: 'SAVE' })).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Content'), 'New')
    await user.click(screen.getByRole('button', { name: 'SAVE' }))
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true)
    expect(onSave).toHaveBeenCalledWith({ title: 'A', content: 'New' })
    done.resolve()
    await screen.findByRole('button', { name: 'SAVE' })
  })

  it('canSubmit needs text in both fields and no save under way', () => {
    expect(canSubmit({ title: 'a', content: 'b' }, false)).toBe(true)
    expect(canSubmit({ title: 'a', content: 'b' }, true)).toBe(false)
    expect(canSubmit({ title: ' ', content: 'b' }, false)).toBe(false)
    expect(canSubmit({ title: 'a', content: '\n' }, false)).toBe(false)
  })

  it('canSubmit refuses invisible characters only, and direction or control characters in the title', () => {
    expect(canSubmit({ title: '\u200B\u200D', content: 'b' }, false)).toBe(false)
    expect(canSubmit({ title: 'a', content: '\u00AD\uFEFF' }, false)).toBe(false)
    expect(canSubmit({ title: 'Safe\u202Egnissorc', content: 'b' }, false)).toBe(false)
    expect(canSubmit({ title: 'a\u0000', content: 'b' }, false)).toBe(false)
    expect(canSubmit({ title: 'श्री गणेश', content: 'क्\u200Dष' }, false)).toBe(true)
  })

  it('says what is wrong with a title she wrote in', async () => {
    const user = userEvent.setup()
    render(<PostEditor label="New post" onSaveDraft={vi.fn()} onPost={vi.fn()} />)
    await user.type(screen.getByLabelText('Content'), 'It happened.')
    await user.type(screen.getByLabelText('Title'), '\u200B')
    expect(screen.getByText('Title is required')).toBeTruthy()
    await user.clear(screen.getByLabelText('Title'))
    await user.type(screen.getByLabelText('Title'), 'Safe\u202Egnissorc')
    expect(screen.getByText('Title must not contain characters that change the text direction')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'POST' })).toHaveProperty('disabled', true)
  })
})
