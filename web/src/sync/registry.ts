/**
 * What the sync engine knows of the app's entities: each registers here how a pulled change of it is stored and what
 * the phone keeps of its ops once the server answered them. The engine names no entity; it calls what is registered.
 * The registrations are made by the db modules (db/entities.ts loads them all), in the page and the service worker.
 */
import type { Change, Entity } from '@wings/contract'
import type { Table } from 'dexie'
import type { OutboxRow } from '../db/db.ts'

/** The ops of one push answer that the server applied (or had already) and those it refused. */
export interface Settled {
  applied: readonly OutboxRow[]
  rejected: readonly OutboxRow[]
}

export interface EntitySync<E extends Entity> {
  /** The tables its handlers read or write: the engine's transactions span them. */
  tables: readonly Table[]
  /** Stores one pulled change of this entity for the signed-in `userId`. */
  applyChange: (userId: string, change: Extract<Change, { entity: E }>) => Promise<void>
  /** After a push answer, in its transaction (the outbox and conflicts are the engine's own). */
  onSettled?: (settled: Settled) => Promise<void>
}

/** The id of the item an op names (`payload._id`), if it names one. */
export function opItemId(op: Pick<OutboxRow, 'payload'>): string | undefined {
  const id = (op.payload as { _id?: unknown } | null)?._id
  return typeof id === 'string' ? id : undefined
}

const entities = new Map<Entity, EntitySync<Entity>>()

/** Registers (or replaces) how the engine syncs `entity`. */
export function registerEntity<E extends Entity>(entity: E, sync: EntitySync<E>): void {
  entities.set(entity, sync as unknown as EntitySync<Entity>)
}

/** How a pulled change of `entity` is stored; undefined for entities this version does not know (skipped). */
export function applierOf(entity: Entity): EntitySync<Entity>['applyChange'] | undefined {
  return entities.get(entity)?.applyChange
}

/** Every registered entity's settle handler, in the order registered. */
export function settleHandlers(): Array<NonNullable<EntitySync<Entity>['onSettled']>> {
  return [...entities.values()].flatMap((sync) => (sync.onSettled ? [sync.onSettled] : []))
}

/** `own` and the tables of every registered entity, each once: the scope of an engine transaction. */
export function tablesWith(...own: Table[]): Table[] {
  const byName = new Map<string, Table>()
  for (const table of [...own, ...[...entities.values()].flatMap((sync) => sync.tables)]) byName.set(table.name, table)
  return [...byName.values()]
}
