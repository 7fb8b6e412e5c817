/**
 * The post editors: new post (/posts/new), draft (/user/draft/$id) and edit post (/stories/$id/edit). Their buttons
 * are enabled only when the title and the content hold text and nothing is being saved (spec section 2).
 */
import { STORY_CONTENT_MAX, STORY_TITLE_MAX, textProblem } from '@wings/contract'
import { type FormEvent, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Field, TextAreaField } from '../../ui/Field.tsx'
import './stories.css'

export interface EditorValues {
  title: string
  content: string
  anonymous: boolean
}

type Busy = 'draft' | 'post' | null

export const CONTENT_HINT = 'Plain text; line breaks are kept.'

/** Each field's problem as the server words it: blank or only invisible characters, too long, control characters. */
export function editorProblems({ title, content }: { title: string; content: string }) {
  return {
    title: textProblem('Title', title, STORY_TITLE_MAX, 'line'),
    content: textProblem('Content', content, STORY_CONTENT_MAX),
  }
}

/** Both fields must hold visible text the server takes, and nothing is being saved. */
export function canSubmit(values: { title: string; content: string }, busy: boolean): boolean {
  const problems = editorProblems(values)
  return !busy && !problems.title && !problems.content
}

function Fields({
  values,
  onChange,
}: {
  values: { title: string; content: string }
  onChange: (patch: Partial<EditorValues>) => void
}) {
  // An empty field only keeps the buttons off; a field she wrote in says what is wrong with it.
  const problems = editorProblems(values)
  const shown = (problem: string | null, value: string) => (value === '' ? undefined : (problem ?? undefined))
  return (
    <>
      <Field
        label="Title"
        name="title"
        value={values.title}
        maxLength={STORY_TITLE_MAX}
        required
        autoComplete="off"
        error={shown(problems.title, values.title)}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <TextAreaField
        label="Content"
        name="content"
        value={values.content}
        maxLength={STORY_CONTENT_MAX}
        required
        rows={12}
        hint={CONTENT_HINT}
        error={shown(problems.content, values.content)}
        onChange={(e) => onChange({ content: e.target.value })}
      />
    </>
  )
}

/** Title, Content, 'Post anonymously', SAVE DRAFT and POST ('Saving...' and 'Posting...' while busy). */
export function PostEditor({
  initial,
  onSaveDraft,
  onPost,
  label,
}: {
  initial?: Partial<EditorValues>
  onSaveDraft: (values: EditorValues) => Promise<void>
  onPost: (values: EditorValues) => Promise<void>
  label: string
}) {
  const [values, setValues] = useState<EditorValues>({
    title: initial?.title ?? '',
    content: initial?.content ?? '',
    anonymous: initial?.anonymous ?? false,
  })
  const [busy, setBusy] = useState<Busy>(null)
  const enabled = canSubmit(values, busy !== null)

  async function run(which: Exclude<Busy, null>) {
    if (!canSubmit(values, busy !== null)) return
    setBusy(which)
    try {
      await (which === 'draft' ? onSaveDraft(values) : onPost(values))
    } finally {
      setBusy(null)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void run('post')
  }

  return (
    <form className="form editor" onSubmit={submit} noValidate aria-label={label}>
      <Fields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.anonymous}
          onChange={(e) => setValues((v) => ({ ...v, anonymous: e.target.checked }))}
        />
        Post anonymously
      </label>
      <div className="form__actions">
        <Button variant="secondary" disabled={!enabled} onClick={() => void run('draft')}>
          {busy === 'draft' ? 'Saving...' : 'SAVE DRAFT'}
        </Button>
        <Button type="submit" disabled={!enabled}>
          {busy === 'post' ? 'Posting...' : 'POST'}
        </Button>
      </div>
    </form>
  )
}

/** Edit a published post: Title, Content and SAVE ('Saving...' while busy). */
export function EditPostForm({
  initial,
  onSave,
}: {
  initial: { title: string; content: string }
  onSave: (values: { title: string; content: string }) => Promise<void>
}) {
  const [values, setValues] = useState(initial)
  const [busy, setBusy] = useState(false)
  const enabled = canSubmit(values, busy)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!canSubmit(values, busy)) return
    setBusy(true)
    try {
      await onSave(values)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form editor" onSubmit={submit} noValidate aria-label="Edit post">
      <Fields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
      <div className="form__actions">
        <Button type="submit" disabled={!enabled}>
          {busy ? 'Saving...' : 'SAVE'}
        </Button>
      </div>
    </form>
  )
}
