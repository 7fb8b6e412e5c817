import type { OpType } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { describeRefusal, sentenceOf } from '../api/failure/failure.ts'
import { type ConflictRow, db } from '../db/db.ts'
import { INTL_LOCALE } from '../i18n/catalog.tsx'
import { useLanguage } from '../i18n/language.ts'
import { Button } from '../ui/Button.tsx'
import { type t, useT } from './messages.ts'

// Every op type, so a new one cannot be shown as a bare 'Change'.
const TYPE_LABELS: Record<OpType, Parameters<typeof t>[0]> = {
  'profile.update': 'opProfileUpdate',
  'contact.send': 'opContactSend',
  'story.create': 'opStoryCreate',
  'story.update': 'opStoryUpdate',
  'story.delete': 'opStoryDelete',
  'story.like': 'opStoryLike',
  'story.unlike': 'opStoryUnlike',
  'story.dislike': 'opStoryDislike',
  'story.undislike': 'opStoryUndislike',
  'story.view': 'opStoryView',
  'story.save': 'opStorySave',
  'story.unsave': 'opStoryUnsave',
  'story.report': 'opStoryReport',
  'draft.save': 'opDraftSave',
  'draft.delete': 'opDraftDelete',
  'incident.report': 'opIncidentReport',
  'route.rate': 'opRouteRate',
  'route.save': 'opRouteSave',
  'route.delete': 'opRouteDelete',
  'trusted.save': 'opTrustedSave',
  'trusted.delete': 'opTrustedDelete',
  'chat.send': 'opChatSend',
  'sos.alert': 'opSosAlert',
}

function summaryOf(conflict: ConflictRow): string {
  const payload = (conflict.payload ?? {}) as Record<string, unknown>
  if (conflict.type === 'contact.send' && typeof payload.query === 'string') {
    const query = payload.query.length > 80 ? `${payload.query.slice(0, 80)}…` : payload.query
    return `“${query}”`
  }
  if (conflict.type === 'profile.update') {
    return Object.entries(payload)
      .map(([key, value]) => `${key}: ${String(value)}`)
      .join(', ')
  }
  if (conflict.type === 'trusted.save' && typeof payload.name === 'string' && typeof payload.phone === 'string') {
    return `${payload.name} (${payload.phone})`
  }
  return ''
}

/** The rejected ops of the signed-in person (and anyone's), each with the server's reason and a Dismiss button. */
export function ConflictList() {
  const t = useT()
  const locale = INTL_LOCALE[useLanguage()]
  const conflicts = useLiveQuery(async () => {
    const userId = (await db.user.get('me'))?.user._id ?? null
    const rows = await db.conflicts.orderBy('at').toArray()
    return rows.filter((c) => c.userId === null || c.userId === userId)
  }, [])
  const reasons = useServerTexts((conflicts?.length ?? 0) > 0)
  if (conflicts === undefined) return null
  if (conflicts.length === 0) return <p className="muted">{t('noConflicts')}</p>
  return (
    <ul className="conflicts">
      {conflicts.map((c) => (
        <li key={c.opId} className="conflicts__item">
          <p className="conflicts__what">
            <strong>{t(Object.hasOwn(TYPE_LABELS, c.type) ? TYPE_LABELS[c.type as OpType] : 'opOther')}</strong>{' '}
            <time dateTime={c.createdAt}>{new Date(c.createdAt).toLocaleString(locale)}</time>
          </p>
          {summaryOf(c) ? <p className="conflicts__summary">{summaryOf(c)}</p> : null}
          <p className="conflicts__reason">
            {sentenceOf(describeRefusal({ code: c.code, message: reasons(c.code, c.message) }, c.message))}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void db.conflicts.delete(c.opId)}>
            {t('dismiss')}
          </Button>
        </li>
      ))}
    </ul>
  )
}

type ServerMessage = typeof import('../api/errorText.ts')['serverMessage']

/**
 * The server's reasons in her language (its English words as stored, while the texts load, and in English): the
 * texts come with the api folder's error messages, loaded once there is a reason to show in Hindi or Marathi, with
 * every loaded catalog (the next steps' of api/failure too: errorText's `ready`).
 */
function useServerTexts(needed: boolean): ServerMessage {
  const language = useLanguage()
  const [texts, setTexts] = useState<{ serverMessage: ServerMessage; language: string } | null>(null)
  const wanted = needed && language !== 'en'
  useEffect(() => {
    if (!wanted) return
    let live = true
    const load = async () => {
      const module = await import('../api/errorText.ts')
      await module.ready()
      if (live) setTexts({ serverMessage: module.serverMessage, language })
    }
    load().catch(() => undefined)
    return () => {
      live = false
    }
  }, [language, wanted])
  return texts?.language === language ? texts.serverMessage : (_code, message) => message
}
