import { type Draft, type DraftSaveBody, ErrorCode, StoryMessages, tidyText } from '@wings/contract'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { DraftRecord, DraftsRepo } from './repo.ts'

interface Deps {
  drafts: DraftsRepo
  changes: ChangesRepo
  transact: Transact
}

export const toDraft = (record: DraftRecord): Draft => ({
  _id: record.id,
  title: record.title,
  content: record.content,
  updatedAt: record.updatedAt,
  anonymous: record.anonymous,
})

const notFound = () => new HttpError(404, ErrorCode.notFound, StoryMessages.draftNotFound)
const notYours = () => new HttpError(403, ErrorCode.forbidden, StoryMessages.notYourDraft)

/**
 * Drafts are private to their author. Every function is synchronous and used by the REST routes and the sync ops
 * alike; writes record a 'draft' change for the author's pull in the same transaction.
 */
export function createDraftsService({ drafts, changes, transact }: Deps) {
  /** The caller's draft, or 404 when there is none and 403 when it is someone else's. */
  function own(userId: string, id: string): DraftRecord {
    const draft = drafts.find(id)
    if (!draft) throw notFound()
    if (draft.userId !== userId) throw notYours()
    return draft
  }

  return {
    /**
     * POST savedraft, POST drafts/save and the 'draft.save' op: updates the caller's draft `_id`, or creates it
     * (with the client's `_id` when given). Last writer wins, in server order. 403 when the id is another user's.
     * A save without `anonymous` (a client older than it) keeps the draft's choice: an edit of the text must not
     * quietly put her name back on it.
     */
    save(userId: string, body: DraftSaveBody): { draft: Draft; created: boolean } {
      return transact(() => {
        const at = new Date().toISOString()
        const id = body._id ?? newId()
        const existing = body._id === undefined ? undefined : drafts.find(body._id)
        if (existing && existing.userId !== userId) throw notYours()
        const record = {
          id,
          userId,
          title: tidyText(body.title),
          content: tidyText(body.content),
          anonymous: body.anonymous ?? existing?.anonymous ?? false,
          updatedAt: at,
        }
        if (existing) drafts.update(record)
        else drafts.insert(record)
        changes.record(userId, 'draft', id, at)
        return { draft: toDraft(record), created: !existing }
      })
    },
    list: (userId: string): Draft[] => drafts.byUser(userId).map(toDraft),
    get: (userId: string, id: string): Draft => toDraft(own(userId, id)),
    /** DELETE user/stories/drafts/:id and the 'draft.delete' op. */
    remove(userId: string, id: string): void {
      transact(() => {
        own(userId, id)
        drafts.delete(id)
        changes.record(userId, 'draft', id, new Date().toISOString())
      })
    },
    /**
     * Publishing: deletes the caller's draft `id` inside the publishing transaction. A draft that is gone already
     * (published or deleted from another device) is no reason to refuse the post; another user's draft is (403).
     * Answers the draft deleted (its 'Post anonymously' choice decides when the post does not say), if there was one.
     */
    discard(userId: string, id: string): Draft | undefined {
      const draft = drafts.find(id)
      if (!draft) return undefined
      if (draft.userId !== userId) throw notYours()
      drafts.delete(id)
      changes.record(userId, 'draft', id, new Date().toISOString())
      return toDraft(draft)
    },
    /** For pulls: her draft as it is now; undefined when it is gone or the id is someone else's draft now. */
    load(id: string, userId: string): Draft | undefined {
      const record = drafts.find(id)
      return record?.userId === userId ? toDraft(record) : undefined
    },
  }
}

export type DraftsService = ReturnType<typeof createDraftsService>
