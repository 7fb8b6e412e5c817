import type { Transact } from '../../db/connection.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { ReportRecord, StoriesRepo, StoryRecord } from './repo.ts'
import { deleteStory } from './service.ts'

interface Deps {
  stories: StoriesRepo
  changes: ChangesRepo
  transact: Transact
  now?: () => number
}

/** A story in review with the reports that put it there (what they say and weigh, never who made them). */
export interface StoryInReview {
  story: StoryRecord
  reports: ReportRecord[]
}

export class ReviewError extends Error {
  constructor(
    readonly reason: 'not-found' | 'not-in-review',
    message: string,
  ) {
    super(message)
  }
}

/**
 * The operator's review of reported stories (docs/stories.md, Reports), used by `src/cli/stories.ts`. Restoring
 * puts a story back in the blog and its reports stop counting; removing deletes it. Either way her phone learns it
 * at its next pull.
 */
export function createStoryReview({ stories, changes, transact, now = Date.now }: Deps) {
  const iso = () => new Date(now()).toISOString()

  function inReview(id: string): StoryRecord {
    const story = stories.find(id)
    if (!story) throw new ReviewError('not-found', `No story has the id ${id} (its author may have deleted it).`)
    if (!story.hidden) throw new ReviewError('not-in-review', `The story ${id} is not in review.`)
    return story
  }

  const withReports = (story: StoryRecord): StoryInReview => ({ story, reports: stories.reportsOf(story.id) })

  return {
    /** Every story in review, in the order they entered it. */
    list: (): StoryInReview[] => transact(() => stories.inReview().map(withReports)),
    show: (id: string): StoryInReview => transact(() => withReports(inReview(id))),
    restore(id: string): StoryInReview {
      return transact(() => {
        const entry = withReports(inReview(id))
        stories.restore(id)
        changes.record(entry.story.authorId, 'story', id, iso())
        return entry
      })
    },
    remove(id: string): StoryInReview {
      return transact(() => {
        const entry = withReports(inReview(id))
        deleteStory(stories, changes, entry.story, iso())
        return entry
      })
    },
  }
}

export type StoryReview = ReturnType<typeof createStoryReview>
