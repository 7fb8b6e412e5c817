import {
  type Change,
  type Entity,
  ErrorCode,
  ErrorMessages,
  Messages,
  type Op,
  type OpPayload,
  type OpResult,
  type OpType,
  opNeedsUser,
  PULL_LIMIT,
  PUSH_MAX_COSTLY_OPS,
  type PullResponse,
  type PushBody,
  SyncMessages,
  type User,
} from '@wings/contract'
import { opPayloadProblem } from '@wings/contract/validate'
import type { FastifyBaseLogger } from 'fastify'
import type { Transact } from '../../db/connection.ts'
import { isStorageFault } from '../../db/storage-fault.ts'
import { HttpError } from '../../http-error.ts'
import { WorkersBusyError } from '../../workers-busy.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { GuestKey } from '../chat/guest-cookie.ts'
import { type ChatService, NO_GUEST_KEY } from '../chat/service.ts'
import type { ContactService } from '../contact/service.ts'
import type { DraftsService } from '../drafts/service.ts'
import type { AlertQueue } from '../guardians/alerts.ts'
import type { IncidentsService } from '../incidents/service.ts'
import type { ProfileService } from '../profile/service.ts'
import type { RatingsService } from '../ratings/service.ts'
import type { RouteMatch } from '../region/route-match.ts'
import type { RegionService } from '../region/service.ts'
import type { SavedRoutesService } from '../saved-routes/service.ts'
import type { StoriesService } from '../stories/service.ts'
import type { TrustedContactsService } from '../trusted-contacts/service.ts'
import type { UsersRepo } from '../users/repo.ts'
import type { AppliedOpsRepo, OpSender } from './repo.ts'

interface Deps {
  appliedOps: AppliedOpsRepo
  changes: ChangesRepo
  users: UsersRepo
  profile: ProfileService
  contact: ContactService
  stories: StoriesService
  drafts: DraftsService
  savedRoutes: SavedRoutesService
  trustedContacts: TrustedContactsService
  incidents: IncidentsService
  ratings: RatingsService
  /** Whether the region's workers can take a push's costly ops now. */
  regions: Pick<RegionService, 'room'>
  chat: ChatService
  /** SOS alerts to her guardians ('sos.alert'). */
  guardianAlerts: Pick<AlertQueue, 'sos'>
  transact: Transact
  readSnapshot: Transact
}

/**
 * Anonymous ops: applied without the pusher's account, and recorded as applied by a keyed hash of the op id alone (no
 * user, device, type or time), so nothing ties a report or rating to an account or a phone.
 */
const ANONYMOUS_OPS: ReadonlySet<string> = new Set<OpType>(['incident.report', 'route.rate'])

/** Who pushed: the session's user (null for a guest), their IP for per-IP limits, and where to log faults. */
export interface Pusher {
  user: User | null
  client: string
  /** The User-Agent header, for counting a guest's 'story.view' like the REST route does. */
  userAgent?: string
  /** The browser's wings_guest cookie, for 'chat.send' to a guest conversation; without it such ops are 403. */
  guest?: GuestKey
  log: Pick<FastifyBaseLogger, 'error'>
}

const signedOut = () => new HttpError(401, ErrorCode.unauthenticated, Messages.signedOut)

const rejected = (opId: string, code: string, message: string): OpResult => ({
  opId,
  status: 'rejected',
  code,
  message,
})

/**
 * The same sender again: the same account when both sends were signed in, else the same device (a guest's op
 * retried after signing in, or the reverse). Anyone else reusing the id is refused, never told 'duplicate'. An
 * anonymous op's sender is not known: any retry of it is a duplicate.
 */
function sameSender(earlier: OpSender, anonymous: boolean, userId: string | null, clientId: string) {
  if (earlier.anonymous || anonymous) return earlier.anonymous && anonymous
  return earlier.userId !== null && userId !== null ? earlier.userId === userId : earlier.clientId === clientId
}

/** The session's user for ops that need one (the batch was refused with 401 already if there is none). */
function pusherId({ user }: Pusher): string {
  if (!user) throw signedOut()
  return user._id
}

export function createSyncService({
  appliedOps,
  changes,
  users,
  profile,
  contact,
  stories,
  drafts,
  savedRoutes,
  trustedContacts,
  incidents,
  ratings,
  regions,
  chat,
  guardianAlerts,
  transact,
  readSnapshot,
}: Deps) {
  // One entry per op type (the compiler insists), each calling the service function its REST route calls.
  // Ops act on the pusher's own data only: the user comes from the session, never from the payload.
  // `prepared` is what the op's entry in `costly` computed before the batch transaction.
  const handlers: { [T in OpType]: (payload: OpPayload<T>, by: Pusher, prepared: unknown, op: Op) => void } = {
    'profile.update': (payload, { user }) => {
      if (!user) throw signedOut()
      profile.update(user._id, payload)
    },
    'contact.send': (payload, { client }) => contact.send(payload, client),
    // Owner-only ops (update, delete, draft.*) answer FORBIDDEN for another user's story or draft, NOT_FOUND for
    // one that is gone: deleting wins over editing.
    'story.create': (payload, by) => void stories.create(pusherId(by), payload),
    'story.update': ({ _id, ...body }, by) => void stories.update(pusherId(by), _id, body),
    'story.delete': ({ _id }, by) => stories.remove(pusherId(by), _id),
    'story.like': ({ _id }, by) => void stories.react(pusherId(by), _id, 'like'),
    'story.unlike': ({ _id }, by) => void stories.react(pusherId(by), _id, 'unlike'),
    'story.dislike': ({ _id }, by) => void stories.react(pusherId(by), _id, 'dislike'),
    'story.undislike': ({ _id }, by) => void stories.react(pusherId(by), _id, 'undislike'),
    'story.view': ({ _id }, { user, client, userAgent }) =>
      void stories.view(_id, { userId: user?._id ?? null, ip: client, userAgent: userAgent ?? '' }),
    'story.save': ({ _id }, by) => stories.save(pusherId(by), _id),
    'story.unsave': ({ _id }, by) => stories.unsave(pusherId(by), _id),
    'story.report': ({ _id, reason }, by) => stories.report(pusherId(by), _id, reason),
    'draft.save': (payload, by) => void drafts.save(pusherId(by), payload),
    'draft.delete': ({ _id }, by) => drafts.remove(pusherId(by), _id),
    // The same per-IP limits as the REST routes; the user is never passed.
    'incident.report': (payload, { client }) => incidents.report(payload, client),
    'route.rate': (payload, _by, match) => ratings.save(payload, match as RouteMatch),
    // Her own saved routes: the payload's userId must be the session's user (FORBIDDEN otherwise), as over REST.
    'route.save': (payload, by) => void savedRoutes.save(pusherId(by), payload),
    'route.delete': ({ _id }, by) => savedRoutes.remove(pusherId(by), _id),
    // Her trusted contacts: a save creates or updates hers (FORBIDDEN for another user's id), as over REST.
    'trusted.save': (payload, by) => void trustedContacts.save(pusherId(by), payload),
    'trusted.delete': ({ _id }, by) => trustedContacts.remove(pusherId(by), _id),
    // Her own conversation (her session) or this browser's guest conversation (its cookie), as over REST; a
    // clientMessageId stored before changes nothing.
    'chat.send': (payload, { user, client, guest }) =>
      chat.sendQueued(payload, { user, client, guest: guest ?? NO_GUEST_KEY }),
    // Her SOS to her guardians, queued in the alert outbox with this op: pressed offline, sent once. Its position is
    // as old as the op, which the alert says.
    'sos.alert': (payload, by, _prepared, op) => void guardianAlerts.sos(pusherId(by), payload, op.createdAt),
  }

  /**
   * Ops whose apply is CPU-heavy, and that work: done before the batch transaction on the region's workers, after the
   * op is counted against its rate limit (ratings.match decodes nothing for a client over it). Its answer reaches the
   * op's handler as `prepared`.
   */
  const costly: { [T in OpType]?: (payload: OpPayload<T>, by: Pusher) => Promise<unknown> } = {
    'route.rate': (payload, { client }) => ratings.match(payload, client),
  }

  /**
   * Starts the costly work of the push's costly ops not seen before: at most PUSH_MAX_COSTLY_OPS of them (413
   * otherwise: the client halves its batch), and only if the workers can take them all now (503 with Retry-After
   * otherwise: the client retries later). Both are checked before any payload, so a push refused whole costs little,
   * counts nothing and decodes nothing.
   */
  async function prepareCostly(ops: readonly Op[], by: Pusher): Promise<Map<string, PromiseSettledResult<unknown>>> {
    const todo = new Map<string, Op>()
    for (const op of ops) {
      if (Object.hasOwn(costly, op.type) && !todo.has(op.opId) && !appliedOps.findSender(op.opId)) todo.set(op.opId, op)
    }
    if (todo.size > PUSH_MAX_COSTLY_OPS) {
      throw new HttpError(413, ErrorCode.payloadTooLarge, SyncMessages.tooManyCostlyOps)
    }
    if (todo.size > regions.room()) throw new WorkersBusyError()
    // An op with a bad payload is rejected when it is applied; it needs no work.
    const valid = [...todo.values()].filter((op) => !opPayloadProblem(op.type, op.payload))
    const settled = await Promise.allSettled(
      valid.map((op) =>
        (costly[op.type as OpType] as (payload: unknown, by: Pusher) => Promise<unknown>)(op.payload, by),
      ),
    )
    // Only if a task was not handed to the workers at once: the push is then retried later as a whole.
    const busy = settled.find((r) => r.status === 'rejected' && r.reason instanceof WorkersBusyError)
    if (busy?.status === 'rejected') throw busy.reason
    return new Map(settled.map((result, i) => [(valid[i] as Op).opId, result]))
  }

  // Each loader answers the row only if it is the caller's now: an id she deleted may since belong to someone else,
  // and her change row for it must then answer 'deleted'.
  const loaders: { [E in Entity]: (id: string, userId: string) => Extract<Change, { entity: E }>['data'] } = {
    user: (id, userId) => (id === userId ? users.findById(id) : undefined),
    story: (id, userId) => stories.load(id, userId),
    draft: (id, userId) => drafts.load(id, userId),
    route: (id, userId) => savedRoutes.load(id, userId),
    trusted: (id, userId) => trustedContacts.load(id, userId),
  }

  function applyOne(op: Op, clientId: string, by: Pusher, prepared?: PromiseSettledResult<unknown>): OpResult {
    const anonymous = ANONYMOUS_OPS.has(op.type)
    const userId = by.user?._id ?? null
    try {
      // Inside push's batch transaction this is a savepoint: a throw rolls back this op's effects and its
      // applied_ops row together, and the ops before it stay.
      return transact((): OpResult => {
        const earlier = appliedOps.findSender(op.opId)
        if (earlier) {
          return sameSender(earlier, anonymous, userId, clientId)
            ? { opId: op.opId, status: 'duplicate' }
            : rejected(op.opId, ErrorCode.conflict, SyncMessages.opIdTaken)
        }
        const problem = opPayloadProblem(op.type, op.payload)
        if (problem) return rejected(op.opId, problem.code, problem.message)
        if (prepared?.status === 'rejected') throw prepared.reason
        const handler = handlers[op.type as OpType] as (payload: unknown, by: Pusher, prepared: unknown, op: Op) => void
        handler(op.payload, by, prepared?.value, op)
        if (anonymous) appliedOps.insertAnonymous(op.opId)
        else appliedOps.insert({ opId: op.opId, userId, clientId, type: op.type, appliedAt: new Date().toISOString() })
        return { opId: op.opId, status: 'applied' }
      })
    } catch (error) {
      if (error instanceof HttpError) return rejected(op.opId, error.code, error.message)
      // Disk full, read-only, I/O: the op is fine and must not become a conflict. The whole batch answers 503 and
      // stays in the client's outbox, to be sent again.
      if (isStorageFault(error)) throw error
      by.log.error({ err: error, opId: op.opId, type: op.type }, 'sync op failed')
      return rejected(op.opId, ErrorCode.internal, ErrorMessages.internal)
    }
  }

  return {
    /** Whether the workers could take a push's worth (PUSH_MAX_COSTLY_OPS) of costly ops now. */
    roomForCostlyOps(): boolean {
      return regions.room() >= PUSH_MAX_COSTLY_OPS
    },

    /**
     * Applies the ops in order, each atomically, and says per op what happened. A batch holding an op that needs
     * a session is refused whole when there is none, so the client keeps its queue intact. Costly ops are
     * prepared first (prepareCostly), outside the batch transaction.
     */
    async push(body: PushBody, by: Pusher): Promise<OpResult[]> {
      if (!by.user && body.ops.some((op) => opNeedsUser(op.type))) throw signedOut()
      const prepared = await prepareCostly(body.ops, by)
      // One commit per batch instead of per op roughly doubles throughput (docs/sync.md). The answer leaves only
      // after the commit, so if it fails the client sees a 5xx and retries ops that were not applied.
      return transact(() => body.ops.map((op) => applyOne(op, body.clientId, by, prepared.get(op.opId))))
    },

    /**
     * The user's entities changed after `since`, each once at its newest seq and in its current state. One read
     * transaction covers the log and the rows, so the data answered is exactly the data at `cursor`.
     */
    pull(userId: string, since: number): Omit<PullResponse, 'success'> {
      return readSnapshot(() => {
        const rows = changes.since(userId, since, PULL_LIMIT + 1)
        const more = rows.length > PULL_LIMIT
        const page = more ? rows.slice(0, PULL_LIMIT) : rows
        return {
          cursor: page.at(-1)?.seq ?? since,
          more,
          changes: page.map(({ seq, entity, entity_id: id }): Change => {
            const data = loaders[entity](id, userId)
            // The entity and its loader match by construction; TypeScript cannot correlate the two unions.
            return (data ? { seq, entity, id, deleted: false, data } : { seq, entity, id, deleted: true }) as Change
          }),
        }
      })
    },
  }
}

export type SyncService = ReturnType<typeof createSyncService>
