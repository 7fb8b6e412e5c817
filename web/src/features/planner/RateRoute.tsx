import { ROUTE_TIP_MAX, type TravelMode } from '@wings/contract'
import { type FormEvent, useId, useState } from 'react'
import { i18n } from '../../i18n/catalog.tsx'
import { queueAndSend } from '../../sync/send.ts'
import { Button } from '../../ui/Button.tsx'
import { TextAreaField } from '../../ui/Field.tsx'
import { t as translate, useT } from './messages.ts'

/** The English texts (tests); shown in her language. */
export const RATE_WAITING = translate('rateWaiting')
export const RATE_CHOOSE = translate('rateChoose')

const LEVELS = [
  [1, 'level1'],
  [2, 'level2'],
  [3, 'level3'],
  [4, 'level4'],
  [5, 'level5'],
] as const

/** 'Rate this route': an anonymous 1..5 rating and an optional tip, sent through the outbox (works offline). */
export function RateRoute({ geometry, mode, routeName }: { geometry: string; mode: TravelMode; routeName: string }) {
  const t = useT()
  const id = useId()
  const [rating, setRating] = useState<number | null>(null)
  const [tip, setTip] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (rating === null) {
      setResult({ ok: false, text: translate('rateChoose') })
      return
    }
    setBusy(true)
    try {
      const text = tip.trim()
      const outcome = await queueAndSend('route.rate', { geometry, mode, rating, ...(text ? { tip: text } : {}) })
      // The server's reason, in her language (the sync engine's serverText).
      if (outcome.status === 'rejected') setResult({ ok: false, text: outcome.message })
      else {
        setResult({ ok: true, text: translate(outcome.status === 'sent' ? 'rated' : 'rateWaiting') })
        setRating(null)
        setTip('')
      }
    } catch (error) {
      setResult({
        ok: false,
        text: i18n.locale === 'en' && error instanceof Error && error.message ? error.message : translate('rateFailed'),
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="rate-route" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`} className="rate-route__title">
        {t('rateTitle')}
      </h4>
      <fieldset className="rate-route__levels">
        <legend>{t('rateLegend', { route: routeName })}</legend>
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
              {value} · {t(text)}
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={t('tipLabel')}
        maxLength={ROUTE_TIP_MAX}
        rows={2}
        value={tip}
        onChange={(e) => setTip(e.target.value)}
        hint={t('tipHint', { max: ROUTE_TIP_MAX })}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? t('sending') : t('sendRating')}
      </Button>
      <p className={result?.ok === false ? 'form__error' : 'form__success'} role="status">
        {result?.text ?? ''}
      </p>
    </form>
  )
}
