import { spawnSync } from 'node:child_process'

/** Saathi's model is made from its corpus, not kept in git: train it (a no-op when up to date) before any test. */
export default function trainAssistantModel(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/train.ts'], {
    cwd: new URL('./packages/assistant/', import.meta.url),
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error("Training Saathi's classifier failed")
}
