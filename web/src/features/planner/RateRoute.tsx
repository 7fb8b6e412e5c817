import { IncidentMessages, ROUTE_TIP_MAX, type TravelMode } from '@wings/contract'
import { type FormEvent, useId, useState } from 'react'
import { queueAndSend } from '../../sync/send.ts'
import { Button } from '../../ui/Button.tsx'
import { TextAreaField } from '../../ui/Field.tsx'

export const RATE_WAITING = 'Saved on this phone: your rating will be sent when you are back online.'
export const RATE_FAILED = 'Your rating could not be saved. Please try again.'
export const RATE_CHOOSE = 'Choose how safe it felt, from 1 to 5.'

const LEVELS = [
  [1, 'Very unsafe'],
  [2, 'Unsafe'],
  [3, 'Okay'],
  [4, 'Safe'],
  [5, 'Very safe'],
] as const

/** 'Rate this route': an anonymous 1..5 rating and an optional tip, sent through the outbox (works offline). */
export function RateRoute({ geometry, mode, routeName }: { geometry: string; mode: TravelMode; routeName: string }) {
  const id = useId()
  const [rating, setRating] = useState<number | null>(null)
  const [tip, setTip] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (rating === null) {
      setResult({ ok: false, text: RATE_CHOOSE })
      return
    }
    setBusy(true)
    try {
      const text = tip.trim()
      const outcome = await queueAndSend('route.rate', { geometry, mode, rating, ...(text ? { tip: text } : {}) })
      if (outcome.status === 'rejected') setResult({ ok: false, text: outcome.message })
      else {
        setResult({ ok: true, text: outcome.status === 'sent' ? IncidentMessages.rated : RATE_WAITING })
        setRating(null)
        setTip('')
      }
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error && error.message ? error.message : RATE_FAILED })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="rate-route" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`} className="rate-route__title">
        Rate this route
      </h4>
      <fieldset className="rate-route__levels">
        <legend>How safe did {routeName} feel? Anonymous: no account or place of yours is kept.</legend>
        {LEVELS.map(([value, text]) => (
          <label key={value} className="rate-route__level">
            <input
              type="radio"
              name={`${id}-rating`}
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            <span>
              {value} · {text}
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Tip for others (optional)"
        maxLength={ROUTE_TIP_MAX}
        rows={2}
        value={tip}
        onChange={(e) => setTip(e.target.value)}
        hint={`Up to ${ROUTE_TIP_MAX} characters, shown on the streets of this route.`}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Sending...' : 'Send rating'}
      </Button>
      <p className={result?.ok === false ? 'form__error' : 'form__success'} role="status">
        {result?.text ?? ''}
      </p>
    </form>
  )
}
