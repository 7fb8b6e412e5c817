/** Pieces shared by the blog screens: meta line, content as text, the actions bar, a story card, sign-in gate. */
import { Link, Navigate } from '@tanstack/react-router'
import { StoryMessages, type User } from '@wings/contract'
import { type ReactNode, useId, useRef } from 'react'
import type { StoryRow } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { Card } from '../../ui/Card.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { excerpt, formatStoryDate } from './format.ts'
import { BookmarkIcon, EyeIcon, ThumbDownIcon, ThumbUpIcon } from './icons.tsx'
import { react, toggleSave } from './ops.ts'
import { reactionOf } from './reactions.ts'
import './stories.css'

/** Spec section 9: post toasts stay 3 s; the others use the default 2 s. */
export const POST_TOAST_MS = 3000
export const REACTION_FAILED = 'Could not save that. Please try again.'

export function StoryMeta({ story }: { story: Pick<StoryRow, 'createdAt' | 'author'> }) {
  return (
    <p className="story-meta">
      <time dateTime={story.createdAt}>{formatStoryDate(story.createdAt)}</time>
      <span aria-hidden="true"> · </span>
      <span className="story-meta__author">by {story.author}</span>
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

/** Like, dislike (with counts), save toggle and views. Signed out, a press says `loginMessage`. */
export function StoryActions({
  story,
  user,
  loginMessage,
}: {
  story: StoryRow
  user: User | null | undefined
  loginMessage: string
}) {
  const toast = useToast()
  const busy = useRef(false)
  const { liked, disliked } = reactionOf(user, story)
  const saved = user?.savedPosts?.includes(story._id) ?? false

  async function run(action: () => Promise<unknown>, message = loginMessage) {
    if (!user) {
      toast(message, { kind: 'error' })
      return
    }
    if (busy.current) return
    busy.current = true
    try {
      await action()
    } catch (error) {
      toast(saveFailedMessage(error, REACTION_FAILED), { kind: 'error' })
    } finally {
      busy.current = false
    }
  }

  return (
    <div className="story-actions">
      <Reaction
        label="Like"
        count={story.likes}
        pressed={liked}
        onPress={() => void run(() => react(story._id, 'like'))}
      >
        <ThumbUpIcon filled={liked} />
      </Reaction>
      <Reaction
        label="Dislike"
        count={story.dislikes}
        pressed={disliked}
        onPress={() => void run(() => react(story._id, 'dislike'))}
      >
        <ThumbDownIcon filled={disliked} />
      </Reaction>
      <PressButton
        label={saved ? 'Unsave post' : 'Save post'}
        pressed={saved}
        onPress={() =>
          void run(async () => {
            const now = await toggleSave(story._id)
            toast(now ? StoryMessages.saved : StoryMessages.unsaved, { kind: 'success' })
          }, StoryMessages.loginRequired)
        }
      >
        <BookmarkIcon filled={saved} />
      </PressButton>
      <span className="story-actions__pair story-actions__views">
        <EyeIcon />
        <Count label="Views" value={story.views} />
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

/** A like or a dislike: its button and its count ("Likes", "Dislikes"). */
function Reaction({
  label,
  count,
  pressed,
  onPress,
  children,
}: {
  label: 'Like' | 'Dislike'
  count: number
  pressed: boolean
  onPress: () => void
  children: ReactNode
}) {
  return (
    <span className="story-actions__pair">
      <PressButton label={label} pressed={pressed} onPress={onPress}>
        {children}
      </PressButton>
      <Count label={`${label}s`} value={count} />
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
          Read more
        </Link>
      </p>
      <StoryActions story={story} user={user} loginMessage={StoryMessages.loginRequired} />
    </Card>
  )
}

/** Renders `children` for a signed-in user; a visitor goes to the login page and comes back after signing in. */
export function SignedIn({ redirect, children }: { redirect: string; children: (user: User) => ReactNode }) {
  const { user, ready } = useAuth()
  if (!ready) return <p className="muted">Loading…</p>
  if (!user) return <Navigate to="/login" search={{ redirect }} replace />
  return <>{children(user)}</>
}

/** The note under a list when the server could not be reached or failed. */
export function LoadNote({ offline, failed, hasCopy }: { offline: boolean; failed: boolean; hasCopy: boolean }) {
  if (offline) {
    return (
      <p className="note" role="note">
        {hasCopy
          ? 'You are offline: showing what was saved on this phone.'
          : 'You are offline, and this has not been saved on this phone yet.'}
      </p>
    )
  }
  if (failed) {
    return (
      <p className="form__error" role="alert">
        Could not load this right now. Please try again.
      </p>
    )
  }
  return null
}
