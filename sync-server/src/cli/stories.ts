/**
 * `stories list | show <id> | restore <id> | remove <id>`: the operator's review of reported stories
 * (docs/stories.md, Reports), on the database in DATA_DIR (see config.ts), also while the server runs. Run from
 * sync-server: `node --import tsx src/cli/stories.ts list`, or `pnpm stories list`. Exit code 0 on success, 1 on
 * failure (no database, unknown story, a story not in review), 2 on bad usage.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ANONYMOUS_AUTHOR, FLAGS_TO_HIDE } from '@wings/contract'
import { loadConfig } from '../config.ts'
import { createTransact, openDatabase } from '../db/connection.ts'
import { migrate } from '../db/migrate.ts'
import { createChangesRepo } from '../modules/changes/repo.ts'
import { createStoriesRepo } from '../modules/stories/repo.ts'
import { createStoryReview, ReviewError, type StoryInReview, type StoryReview } from '../modules/stories/review.ts'
import { REPORTS } from '../modules/stories/service.ts'
import type { CliIo } from './import-region.ts'

export const USAGE = `Usage: stories <command>
  list           the stories in review, oldest first, with their reports
  show <id>      one story in review, in full
  restore <id>   put it back in the blog; its reports stop counting
  remove <id>    delete it for good, with its likes, saves and reports`

/** Same file name as app.ts's DATABASE_FILE (not imported, so the command does not load the whole server). */
const DATABASE_FILE = 'wings.db'
const COMMANDS = ['list', 'show', 'restore', 'remove']
const STORY_ID = /^[0-9a-f]{24}$/
const EXCERPT = 200

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) }

// A story or a reason could hold escape sequences that drive the operator's terminal, or characters that reorder
// what she reads: they are printed as \u{...}.
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu
function printable(text: string, keepLines = false): string {
  return text.replace(UNSAFE, (c) => (keepLines && c === '\n' ? c : `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`))
}

const time = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** The account-age band a report's weight stands for (REPORTS). */
function weightNote(weight: number): string {
  const bands = REPORTS.weights
  const index = bands.findIndex((band) => band.weight === weight)
  if (index === 0) return `account at least ${bands[0].minDays} days old`
  if (index > 0)
    return `account under ${bands[index - 1]?.minDays} day${bands[index - 1]?.minDays === 1 ? '' : 's'} old`
  return 'weight set by hand'
}

function describeStory({ story, reports }: StoryInReview, full: boolean): string[] {
  const author = story.anonymous ? `${ANONYMOUS_AUTHOR} (posted anonymously)` : printable(story.authorName)
  const total = reports.reduce((sum, r) => sum + r.weight, 0)
  const since = reports.at(-1)?.createdAt
  const content = full ? printable(story.content, true) : printable(story.content.replace(/\s+/g, ' '))
  const lines = [
    `${story.id}  "${printable(story.title)}"`,
    `  by ${author}, published ${time(story.createdAt)}${since ? `, in review since ${time(since)}` : ''}`,
    `  ${story.likes} likes, ${story.views} views`,
  ]
  if (full) lines.push('', ...content.split('\n').map((line) => `  | ${line}`), '')
  else lines.push(`  ${content.length > EXCERPT ? `${content.slice(0, EXCERPT)}…` : content}`)
  lines.push(
    `  ${reports.length} report${reports.length === 1 ? '' : 's'}, weighing ${total} (${FLAGS_TO_HIDE} put a story in review):`,
  )
  for (const report of reports) {
    lines.push(
      `    ${time(report.createdAt)}  weight ${report.weight} (${weightNote(report.weight)}): ${printable(report.reason)}`,
    )
  }
  return lines
}

function run(review: StoryReview, command: string, id: string | undefined, io: CliIo): void {
  if (command === 'list') {
    const entries = review.list()
    if (entries.length === 0) {
      io.out('No stories in review.')
      return
    }
    io.out(`${entries.length} ${entries.length === 1 ? 'story' : 'stories'} in review, oldest first:`)
    for (const entry of entries) io.out(['', ...describeStory(entry, false)].join('\n'))
    io.out('\nRead one in full with `show <id>`, then `restore <id>` or `remove <id>` it.')
    return
  }
  const storyId = id as string
  if (command === 'show') {
    io.out(describeStory(review.show(storyId), true).join('\n'))
  } else if (command === 'restore') {
    const { story, reports } = review.restore(storyId)
    io.out(
      `Restored "${printable(story.title)}" (${story.id}): it is back in the blog. Its ${reports.length} ` +
        `report${reports.length === 1 ? ' no longer counts' : 's no longer count'}, and ` +
        `${reports.length === 1 ? 'its reporter' : 'their reporters'} cannot report it again.`,
    )
  } else {
    const { story } = review.remove(storyId)
    io.out(`Removed "${printable(story.title)}" (${story.id}) for good, with its likes, saves and reports.`)
  }
}

/** The command as a function: answers the exit code. */
export function runStories(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo,
): number {
  const [command, id, ...extra] = args
  if (command === undefined || !COMMANDS.includes(command)) {
    io.err(command === undefined ? USAGE : `Unknown command: ${printable(command)}\n${USAGE}`)
    return 2
  }
  const needsId = command !== 'list'
  if ((needsId && id === undefined) || (!needsId && id !== undefined) || extra.length > 0) {
    io.err(`${needsId && id === undefined ? `${command} needs a story id.` : 'Too many arguments.'}\n${USAGE}`)
    return 2
  }
  if (id !== undefined && !STORY_ID.test(id)) {
    io.err(`Not a story id: "${printable(id)}" (a story id is 24 characters, 0-9 and a-f).`)
    return 2
  }
  let file: string
  try {
    file = join(loadConfig(env).dataDir, DATABASE_FILE)
  } catch (error) {
    io.err((error as Error).message)
    return 1
  }
  if (!existsSync(file)) {
    io.err(`No database at ${file}. Set DATA_DIR to the server's data folder.`)
    return 1
  }
  const db = openDatabase(file)
  try {
    migrate(db)
    const review = createStoryReview({
      stories: createStoriesRepo(db),
      changes: createChangesRepo(db),
      transact: createTransact(db),
    })
    run(review, command, id, io)
    return 0
  } catch (error) {
    if (error instanceof ReviewError) io.err(error.message)
    else io.err(`Could not ${command} stories: ${(error as Error).message}`)
    return 1
  } finally {
    db.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runStories(process.argv.slice(2))
}
