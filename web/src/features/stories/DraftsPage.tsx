import { Link } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { useLanguage } from '../../i18n/language.ts'
import { AuthorPage, DeleteButton, ItemCard, useConfirmedDelete, WrittenList } from './AuthorParts.tsx'
import { excerpt, formatStoryDate } from './format.ts'
import { useT } from './messages.ts'
import { deleteDraft } from './ops.ts'
import { useDrafts } from './useStories.ts'

/** /user/drafts */
export function DraftsPage() {
  const t = useT()
  return (
    <AuthorPage title={t('drafts')} redirect="/user/drafts">
      {(user) => <DraftList user={user} />}
    </AuthorPage>
  )
}

function DraftList({ user }: { user: User }) {
  const t = useT()
  const language = useLanguage()
  const result = useDrafts(user._id)
  const deletion = useConfirmedDelete('draft', deleteDraft, () => t('draftDeleted'))
  return (
    <WrittenList result={result} empty={t('noDrafts')} dialog={deletion.dialog}>
      {(draft) => (
        <ItemCard
          title={
            <Link to="/user/draft/$id" params={{ id: draft._id }}>
              {draft.title || t('untitledDraft')}
            </Link>
          }
          actions={
            <DeleteButton
              label={t('deleteDraftNamed', { title: draft.title })}
              onClick={() => deletion.ask(draft._id, draft.title)}
            />
          }
        >
          <p className="muted">{t('savedAt', { date: formatStoryDate(new Date(draft.updatedAt), language) })}</p>
          {draft.anonymous ? <p className="saved-badge">{t('anonymousDraft')}</p> : null}
          <p className="item__excerpt">{excerpt(draft.content)}</p>
        </ItemCard>
      )}
    </WrittenList>
  )
}
