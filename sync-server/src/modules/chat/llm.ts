import type { AssistantReply } from '@wings/assistant'
import type { FastifyBaseLogger } from 'fastify'
import type { AssistantLlmConfig } from '../../config.ts'

/** The longest phrased answer kept; a longer one is cut (at a word where it can be). */
export const LLM_ANSWER_MAX = 1500

/**
 * What the model is told before the entries: it may only rephrase them. The engine's buttons (SOS, call 112, ...)
 * are kept under whatever it writes, so it must not offer other numbers or links.
 */
export const SAFETY_INSTRUCTION = [
  'You are Saathi, the safety assistant of Wings, an app for women in India.',
  'Answer her message in 2 to 5 short sentences of plain text, in the language she wrote in (English, Hindi or Hinglish).',
  'Use only the facts in the entries below. Never invent or change a phone number, helpline, law or place.',
  'If anything suggests she is in danger now, tell her first to press SOS in the app or call 112.',
  'Do not ask for her name, address or location. Do not give medical or legal advice beyond the entries.',
  'If the entries do not answer her, say so briefly and point her to the helplines.',
].join(' ')

/** The system message: the instruction and the entries the engine retrieved, best first. */
export function systemPrompt(reply: AssistantReply): string {
  const entries = reply.entries.map((entry, i) => `Entry ${i + 1}: ${entry.title}\n${entry.text}`)
  return `${SAFETY_INSTRUCTION}\n\n${entries.join('\n\n')}`
}

/** The answer's text trimmed and capped at LLM_ANSWER_MAX, or null when there is none. */
export function answerText(body: unknown): string | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content
  if (typeof content !== 'string') return null
  const text = content.trim()
  if (text === '') return null
  if (text.length <= LLM_ANSWER_MAX) return text
  const cut = text.slice(0, LLM_ANSWER_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > LLM_ANSWER_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export type PhraseLog = Pick<FastifyBaseLogger, 'warn'>

/**
 * The optional language model (ASSISTANT_LLM_URL): phrases the engine's answer from the entries it retrieved. Any
 * failure (network, a non-2xx status, bad JSON, no text, or no answer within `timeoutMs`) answers null, and the
 * engine's own text is used. Her message is never logged.
 */
export function createAssistantLlm({ url, model, key, timeoutMs }: AssistantLlmConfig) {
  return {
    async phrase(text: string, reply: AssistantReply, log: PhraseLog): Promise<string | null> {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
          body: JSON.stringify({
            ...(model === null ? {} : { model }),
            stream: false,
            messages: [
              { role: 'system', content: systemPrompt(reply) },
              { role: 'user', content: text },
            ],
          }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!response.ok) {
          await response.body?.cancel()
          log.warn({ status: response.status }, 'assistant language model answered an error; using the embedded answer')
          return null
        }
        const phrased = answerText(await response.json())
        if (phrased === null) log.warn('assistant language model gave no text; using the embedded answer')
        return phrased
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).name
        log.warn({ reason }, 'assistant language model failed; using the embedded answer')
        return null
      }
    },
  }
}

export type AssistantLlm = ReturnType<typeof createAssistantLlm>
