/** Batch limits of the sync protocol (docs/sync.md), apart from the schemas so the sync engine loads without them. */
export const PUSH_MAX_OPS = 200
export const PULL_LIMIT = 500
