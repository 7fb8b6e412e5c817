import type { OpPayload, OpType } from '@wings/contract'
import { db } from '../db/db.ts'
import { type OpOutcome, syncEngine } from './engine.ts'
import { queueOp } from './outbox.ts'

/**
 * Queues an op with no local change and, when online, pushes it at once to tell whether the server has it: 'sent',
 * 'waiting' (offline or out of reach: it goes later by itself) or 'rejected' (answered here, so it is not also
 * listed as a conflict). For forms that say what became of what she sent (reports, ratings).
 */
export async function queueAndSend<T extends OpType>(type: T, payload: OpPayload<T>): Promise<OpOutcome> {
  const op = await queueOp(type, payload)
  if (navigator.onLine === false) return { status: 'waiting' }
  const outcome = await syncEngine.syncOp(op.opId)
  if (outcome.status === 'rejected') await db.conflicts.delete(op.opId)
  return outcome
}
