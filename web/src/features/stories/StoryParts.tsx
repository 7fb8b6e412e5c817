/** Pieces shared by the blog screens: meta line, content as text, the actions bar, a story card, sign-in gate. */
import { Link, Navigate } from '@tanstack/react-router'
import { ANONYMOUS_AUTHOR, type User } from '@wings/contract'
import { type ReactNode, useId, useRef } from 'react'
import { describeFailure } from '../../api/failure/failure.ts'
import type { StoryRow } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { useLanguage } from '../../i18n/language.ts'
import { Card } from '../../ui/Card.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { excerpt, formatStoryDate } from './format.ts'
import { BookmarkIcon, EyeIcon, ThumbDownIcon, ThumbUpIcon } from './icons.tsx'
import { useT } from './messages.ts'
import { react, toggleSave } from './ops.ts'
import { reactionOf } from './reactions.ts'
import './stories.css'

/** Spec section 9: post toasts stay 3 s; the others use the default 2 s. */
export const POST_TOAST_MS = 3000
/** The date in her language, and who wrote it: the author's name as written, or 'by Anonymous' in her language. */
export function StoryMeta({ story }: { story: Pick<StoryRow, 'createdAt' | 'author'> & { anonymous?: boolean } }) {
  const t = useT()
  const language = useLanguage()
  const anonymous = story.anonymous === true || story.author === ANONYMOUS_AUTHOR
  return (
    <p className="story-meta">
      <time dateTime={story.createdAt}>{formatStoryDate(story.createdAt, language)}</time>
      <span aria-hidden="true"> · </span>
      <span className="story-meta__author">
        {anonymous ? t('byAnonymous') : t('byAuthor', { author: story.author })}
      </span>
    </p>
  )
}

/**
 * The story's text. Content is plain text from other people: it is rendered as React text (escaped), never as HTML,
 * so `<script>` or `<img onerror>` in a story is shown as typed. Line breaks show through `white-space: pre-wrap`.
 */
export function StoryContent({ content }: { content: string }) {
  return <div className="story-content">{content}</div>
}

/** Like, dislike (with counts), save toggle and views. Signed out, a press says `loginMessage` in her language. */
export function StoryActions({
  story,
  user,
  loginMessage,
}: {
  story: StoryRow
  user: User | null | undefined
  loginMessage: 'loginRequired' | 'loginToReact'
}) {
  const t = useT()
  const toast = useToast()
  const busy = useRef(false)
  const { liked, disliked } = reactionOf(user, story)
  const saved = user?.savedPosts?.includes(story._id) ?? false

  async function run(action: () => Promise<unknown>, message = loginMessage) {
    if (!user) {
      toast(t(message), { kind: 'error' })
      return
    }
    if (busy.current) return
    busy.current = true
    try {
      await action()
    } catch (error) {
      toast(saveFailedMessage(error, t('reactionFailed')), { kind: 'error' })
    } finally {
      busy.current = false
    }
  }

  return (
    <div className="story-actions">
      <Reaction
        label="like"
        count={story.likes}
        pressed={liked}
        onPress={() => void run(() => react(story._id, 'like'))}
      >
        <ThumbUpIcon filled={liked} />
      </Reaction>
      <Reaction
        label="dislike"
        count={story.dislikes}
        pressed={disliked}
        onPress={() => void run(() => react(story._id, 'dislike'))}
      >
        <ThumbDownIcon filled={disliked} />
      </Reaction>
      <PressButton
        label={saved ? t('unsavePost') : t('savePost')}
        pressed={saved}
        onPress={() =>
          void run(async () => {
            const now = await toggleSave(story._id)
            toast(now ? t('postSaved') : t('postUnsaved'), { kind: 'success' })
          }, 'loginRequired')
        }
      >
        <BookmarkIcon filled={saved} />
      </PressButton>
      <span className="story-actions__pair story-actions__views">
        <EyeIcon />
        <Count label={t('views')} value={story.views} />
      </span>
    </div>
  )
}

/** An icon button that stays pressed (aria-pressed) while what it stands for is on: a like, a saved post. */
function PressButton({
  label,
  pressed,
  onPress,
  children,
}: {
  label: string
  pressed: boolean
  onPress: () => void
  children: ReactNode
}) {
  return (
    <button type="button" className="icon-button" aria-label={label} aria-pressed={pressed} onClick={onPress}>
      {children}
    </button>
  )
}

/** A like or a dislike: its button and its count ("Likes", "Dislikes"), named in her language. */
function Reaction({
  label,
  count,
  pressed,
  onPress,
  children,
}: {
  label: 'like' | 'dislike'
  count: number
  pressed: boolean
  onPress: () => void
  children: ReactNode
}) {
  const t = useT()
  return (
    <span className="story-actions__pair">
      <PressButton label={t(label)} pressed={pressed} onPress={onPress}>
        {children}
      </PressButton>
      <Count label={t(`${label}s`)} value={count} />
    </span>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <span className="story-actions__count" role="note" aria-label={label}>
      {value}
    </span>
  )
}

/** A feed card: title, date, author, about the first quarter of the content, Read more, and the actions. */
export function StoryCard({
  story,
  user,
  level = 2,
}: {
  story: StoryRow
  user: User | null | undefined
  level?: 2 | 3
}) {
  const t = useT()
  const headingId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <Card as="article" className="story-card" aria-labelledby={headingId}>
      <Heading id={headingId} className="story-card__title">
        {story.title}
      </Heading>
      <StoryMeta story={story} />
      <p className="story-card__excerpt">{excerpt(story.content)}</p>
      <p className="story-card__more">
        <Link to="/blog/stories/$id" params={{ id: story._id }} aria-describedby={headingId}>
          {t('readMore')}
        </Link>
      </p>
      <StoryActions story={story} user={user} loginMessage="loginRequired" />
    </Card>
  )
}

/** Renders `children` for a signed-in user; a visitor goes to the login page and comes back after signing in. */
export function SignedIn({ redirect, children }: { redirect: string; children: (user: User) => ReactNode }) {
  const t = useT()
  const { user, ready } = useAuth()
  if (!ready) return <p className="muted">{t('loading')}</p>
  if (!user) return <Navigate to="/login" search={{ redirect }} replace />
  return <>{children(user)}</>
}

/**
 * The note under a list when the server could not be reached or failed: what happened and what she can do (a session
 * that ended says so, with a way to log in again).
 */
export function LoadNote({
  offline,
  failed,
  hasCopy,
  error,
}: {
  offline: boolean
  failed: boolean
  hasCopy: boolean
  /** The read's error, for its cause. */
  error?: unknown
}) {
  const t = useT()
  if (offline) {
    return (
      <p className="note" role="note">
        {hasCopy ? t('offlineWithCopy') : t('offlineNoCopy')}
      </p>
    )
  }
  if (failed) return <ErrorNote failure={describeFailure(error, t('loadFailed'))} />
  return null
}
