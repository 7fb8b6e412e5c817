import { randomInt } from 'node:crypto'

/**
 * New reports and ratings are published in batches, each this long after the one before, at random between the two
 * (docs/community-signals.md): one made now is published by the second batch from now, so it shows 20 to 80 minutes
 * after it was made, together with the others of its batch, and its showing up tells nobody when it was made or by whom.
 */
export const BATCH_MIN_MS = 20 * 60_000
export const BATCH_MAX_MS = 40 * 60_000

/**
 * Runs `publish` again and again, each time after a random interval; the timers do not keep the process alive.
 * Answers the function that stops it.
 */
export function publishInBatches(publish: () => void): () => void {
  let timer: NodeJS.Timeout
  const next = () => {
    timer = setTimeout(
      () => {
        publish()
        next()
      },
      randomInt(BATCH_MIN_MS, BATCH_MAX_MS + 1),
    )
    timer.unref()
  }
  next()
  return () => clearTimeout(timer)
}
