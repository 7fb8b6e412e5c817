/**
 * The post editors: new post (/posts/new), draft (/user/draft/$id) and edit post (/stories/$id/edit). Their buttons
 * are enabled only when the title and the content hold text and nothing is being saved (spec section 2).
 */
import { STORY_CONTENT_MAX, STORY_TITLE_MAX, type TextKind, TextMessages, textProblem } from '@wings/contract'
import { type FormEvent, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Field, TextAreaField } from '../../ui/Field.tsx'
import { type StoryKey, t, useT } from './messages.ts'
import './stories.css'

export interface EditorValues {
  title: string
  content: string
  anonymous: boolean
}

type Busy = 'draft' | 'post' | null

/** A rule of the contract's text fields (text-rules.ts): what TextMessages words. */
export type TextRuleName = keyof typeof TextMessages
export type EditorField = 'title' | 'content'

/** The editor's fields as the contract checks them: the English name in its messages, the limit and the kind. */
export const EDITOR_FIELDS: Record<EditorField, { name: string; max: number; kind: TextKind }> = {
  title: { name: 'Title', max: STORY_TITLE_MAX, kind: 'line' },
  content: { name: 'Content', max: STORY_CONTENT_MAX, kind: 'text' },
}

/** Each rule a field can break, as the key of its message in her language (the contract's messages are English). */
export const RULE_MESSAGES: Record<EditorField, Partial<Record<TextRuleName, StoryKey>>> = {
  title: {
    required: 'titleRequired',
    tooLong: 'titleTooLong',
    lineControls: 'titleLineControls',
    direction: 'titleDirection',
  },
  content: { required: 'contentRequired', tooLong: 'contentTooLong', controls: 'contentControls' },
}

/** The contract's English message for `rule` on `field`. */
export function ruleMessage(field: EditorField, rule: TextRuleName): string {
  const { name, max } = EDITOR_FIELDS[field]
  return rule === 'tooLong' ? TextMessages.tooLong(name, max) : TextMessages[rule](name)
}

/**
 * What is wrong with `value` in `field`, in her language, or null: the contract's rules (textProblem, the server's
 * wording) decide, and the rule broken picks the message. A rule this editor does not know yet is said in English.
 */
export function fieldProblem(field: EditorField, value: string): string | null {
  const { name, max, kind } = EDITOR_FIELDS[field]
  const english = textProblem(name, value, max, kind)
  if (english === null) return null
  const rules = Object.keys(TextMessages) as TextRuleName[]
  const rule = rules.find((r) => ruleMessage(field, r) === english)
  const key = rule ? RULE_MESSAGES[field][rule] : undefined
  return key ? t(key, { max: String(max) }) : english
}

/** Each field's problem as the server words it (in her language): blank or invisible only, too long, controls. */
export function editorProblems({ title, content }: { title: string; content: string }) {
  return {
    title: fieldProblem('title', title),
    content: fieldProblem('content', content),
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
  const t = useT()
  // An empty field only keeps the buttons off; a field she wrote in says what is wrong with it.
  const problems = editorProblems(values)
  const shown = (problem: string | null, value: string) => (value === '' ? undefined : (problem ?? undefined))
  return (
    <>
      <Field
        label={t('title')}
        name="title"
        value={values.title}
        maxLength={STORY_TITLE_MAX}
        required
        autoComplete="off"
        error={shown(problems.title, values.title)}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <TextAreaField
        label={t('content')}
        name="content"
        value={values.content}
        maxLength={STORY_CONTENT_MAX}
        required
        rows={12}
        hint={t('contentHint')}
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
  const t = useT()
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
        {t('postAnonymously')}
      </label>
      <div className="form__actions">
        <Button variant="secondary" disabled={!enabled} onClick={() => void run('draft')}>
          {busy === 'draft' ? t('saving') : t('saveDraft')}
        </Button>
        <Button type="submit" disabled={!enabled}>
          {busy === 'post' ? t('posting') : t('post')}
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
  const t = useT()
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
    <form className="form editor" onSubmit={submit} noValidate aria-label={t('editPost')}>
      <Fields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
      <div className="form__actions">
        <Button type="submit" disabled={!enabled}>
          {busy ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  )
}
