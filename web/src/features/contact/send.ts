import type { ContactBody } from '@wings/contract'
import { db } from '../../db/db.ts'
import { type OpOutcome, syncEngine } from '../../sync/engine.ts'
import { queueOp } from '../../sync/outbox.ts'
/** The English (as in locales/en.json); the forms say it in her language (t('offline')). */
export const OFFLINE_MESSAGE = 'You are offline. Your message will be sent when you are back online.'

/**
 * Queues a contact message in the outbox and, when online, pushes it at once to tell whether the server has it:
 * 'sent', 'waiting' (offline or out of reach: it goes later by itself) or 'rejected'. A rejection is answered to the
 * form right here, so it is not also kept in the conflicts list.
 */
export async function sendContactMessage(body: ContactBody): Promise<OpOutcome> {
  const op = await queueOp('contact.send', body)
  if (navigator.onLine === false) return { status: 'waiting' }
  const outcome = await syncEngine.syncOp(op.opId)
  if (outcome.status === 'rejected') await db.conflicts.delete(op.opId)
  return outcome
}
