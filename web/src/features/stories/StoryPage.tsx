/** /blog/stories/$id: one story, with like/dislike, the saved indicator and Report; opening it counts a view. */
import { Link } from '@tanstack/react-router'
import { hasVisibleText, REPORT_REASON_MAX } from '@wings/contract'
import { type FormEvent, useEffect, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { TextAreaField } from '../../ui/Field.tsx'
import { Page } from '../../ui/Page.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { T, useT } from './messages.ts'
import { registerView, reportStory } from './ops.ts'
import { LoadNote, StoryActions, StoryContent, StoryMeta } from './StoryParts.tsx'
import { useStory } from './useStories.ts'
import './stories.css'

// One view op per story at a time, even when the screen mounts twice (React's strict mode).
const viewing = new Set<string>()

function useRegisterView(id: string, ready: boolean) {
  useEffect(() => {
    if (!ready || viewing.has(id)) return
    viewing.add(id)
    registerView(id)
      .catch(() => undefined)
      .finally(() => viewing.delete(id))
  }, [id, ready])
}

export function StoryPage({ id }: { id: string }) {
  const t = useT()
  const { user } = useAuth()
  const result = useStory(id)
  const story = result.data
  const [reporting, setReporting] = useState(false)
  useRegisterView(id, Boolean(story))

  if (story === undefined || (story === null && result.fetching)) return <p className="muted">{t('loading')}</p>
  if (!story) {
    return (
      <Page title={result.notFound ? t('storyNotFound') : t('story')}>
        <LoadNote
          offline={result.offline}
          failed={result.error !== null && !result.notFound}
          hasCopy={false}
          error={result.error}
        />
        <p>
          <Link to="/blog">{t('backToStories')}</Link>
        </p>
      </Page>
    )
  }
  const saved = user?.savedPosts?.includes(story._id) ?? false
  return (
    <div className="story-page">
      <p>
        <Link to="/blog" className="back-link">
          ← {t('backToStories')}
        </Link>
      </p>
      <Page title={story.title} className="story">
        <StoryMeta story={story} />
        {story.underReview ? (
          <p className="note" role="note">
            {t('underReview')}
          </p>
        ) : null}
        <StoryContent content={story.content} />
        <StoryActions story={story} user={user} loginMessage="loginToReact" />
        {saved ? <p className="saved-badge">{t('savedToYourPosts')}</p> : null}
        {user && !story.underReview ? (
          <p>
            <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
              {t('reportStory')}
            </Button>
          </p>
        ) : null}
        {result.offline ? <LoadNote offline hasCopy failed={false} /> : null}
      </Page>
      <ReportDialog storyId={story._id} open={reporting} onClose={() => setReporting(false)} />
    </div>
  )
}

function ReportDialog({ storyId, open, onClose }: { storyId: string; open: boolean; onClose: () => void }) {
  const t = useT()
  const toast = useToast()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!hasVisibleText(reason) || busy) return
    setBusy(true)
    try {
      await reportStory(storyId, reason)
      toast(t('reported'), { kind: 'success' })
      setReason('')
      onClose()
    } catch (error) {
      toast(saveFailedMessage(error, t('reportFailed')), { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} title={t('reportStory')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <TextAreaField
          label={t('reason')}
          hint={t('reasonHint')}
          value={reason}
          maxLength={REPORT_REASON_MAX}
          rows={4}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="form__actions">
          <Button type="submit" variant="danger" disabled={!hasVisibleText(reason) || busy}>
            {t('sendReport')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** /user/saved/$id: a saved story, read only. */
export function SavedStoryPage({ id }: { id: string }) {
  const t = useT()
  const { user } = useAuth()
  const result = useStory(id)
  const story = result.data
  const back = user ? (
    <Link to="/blog/$id/saved" params={{ id: user._id }} className="back-link">
      ← {t('backToSavedPosts')}
    </Link>
  ) : (
    <Link to="/blog" className="back-link">
      ← {t('backToStories')}
    </Link>
  )
  if (story === undefined || (story === null && result.fetching)) return <p className="muted">{t('loading')}</p>
  if (!story) {
    return (
      <Page title={result.notFound ? t('storyNotFound') : t('savedStory')}>
        <LoadNote
          offline={result.offline}
          failed={result.error !== null && !result.notFound}
          hasCopy={false}
          error={result.error}
        />
        <p>{back}</p>
      </Page>
    )
  }
  return (
    <div className="story-page">
      <p>{back}</p>
      <Page title={story.title} className="story">
        <StoryMeta story={story} />
        <StoryContent content={story.content} />
        <p className="muted">
          <T k="openInBlog" components={{ 0: <Link to="/blog/stories/$id" params={{ id: story._id }} /> }} />
        </p>
      </Page>
    </div>
  )
}
