/** Batch limits of the sync protocol (docs/sync.md), apart from the schemas so the sync engine loads without them. */
export const PUSH_MAX_OPS = 200
export const PULL_LIMIT = 500
/**
 * Ops whose apply is CPU-heavy ('route.rate': map matching) that one push may hold; a push with more is refused 413,
 * so the client halves it.
 */
export const PUSH_MAX_COSTLY_OPS = 10
