import { Link } from '@tanstack/react-router'
import { StoryMessages, type User } from '@wings/contract'
import { AuthorPage, DeleteButton, ItemCard, useConfirmedDelete, WrittenList } from './AuthorParts.tsx'
import { excerpt, formatStoryDate } from './format.ts'
import { deleteDraft } from './ops.ts'
import { useDrafts } from './useStories.ts'

/** /user/drafts */
export function DraftsPage() {
  return (
    <AuthorPage title="Drafts" redirect="/user/drafts">
      {(user) => <DraftList user={user} />}
    </AuthorPage>
  )
}

function DraftList({ user }: { user: User }) {
  const result = useDrafts(user._id)
  const deletion = useConfirmedDelete('draft', deleteDraft, StoryMessages.draftDeleted)
  return (
    <WrittenList result={result} empty="No drafts yet." dialog={deletion.dialog}>
      {(draft) => (
        <ItemCard
          title={
            <Link to="/user/draft/$id" params={{ id: draft._id }}>
              {draft.title || 'Untitled draft'}
            </Link>
          }
          actions={
            <DeleteButton label={`Delete draft ${draft.title}`} onClick={() => deletion.ask(draft._id, draft.title)} />
          }
        >
          <p className="muted">Saved {formatStoryDate(new Date(draft.updatedAt))}</p>
          {draft.anonymous ? <p className="saved-badge">Anonymous: will be posted without your name</p> : null}
          <p className="item__excerpt">{excerpt(draft.content)}</p>
        </ItemCard>
      )}
    </WrittenList>
  )
}
