import { INCIDENT_CATEGORIES, INCIDENT_DESCRIPTION_MAX } from '@wings/contract'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { useLanguage } from '../../i18n/language.ts'
import { Button } from '../../ui/Button.tsx'
import { Field, SelectField, TextAreaField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useTouched } from '../../ui/useTouched.ts'
import { PlaceSearch } from '../places/components.ts'
import { detectPosition, LocationError } from '../places/index.ts'
import { t as say, useT } from './messages.ts'
import {
  categoryLabel,
  oldestAllowed,
  placeLabel,
  type ReportPlace,
  type ReportValues,
  refusalMessage,
  reportBody,
  reportProblems,
  sendIncidentReport,
  toLocalInput,
  YOUR_LOCATION,
} from './report.ts'
import './report.css'
import { describeRefusal, sentenceOf } from '../../api/failure/failure.ts'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

type Key = keyof ReportValues
const KEYS: readonly Key[] = ['category', 'when', 'where', 'description']

const fresh = (where: ReportPlace | null = null): ReportValues => ({
  category: '',
  when: toLocalInput(new Date()),
  where,
  description: '',
})

export interface ReportFormProps {
  /** A place chosen before the form opened (a map's 'Report an incident here'): the form starts with it. */
  initialPlace?: ReportPlace
}

/** The anonymous incident report: usable signed out, offline through the outbox. */
export function ReportForm({ initialPlace }: ReportFormProps = {}) {
  const t = useT()
  const [values, setValues] = useState<ReportValues>(() => fresh(initialPlace ?? null))
  const [placeText, setPlaceText] = useState('')
  const [locating, setLocating] = useState(false)
  const [locationError, setLocationError] = useState('')
  const [sending, setSending] = useState(false)
  const { touch, touchAll, reset, shown } = useTouched<Key>()
  const toast = useToast()
  const form = useRef<HTMLFormElement>(null)
  const mounted = useRef(true)
  const busy = useRef(false)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const language = useLanguage()
  // Said again in her language when she switches it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language changes the messages reportProblems makes
  const problems = useMemo(() => reportProblems(values) as Record<string, string>, [values, language])
  const now = new Date()

  /** A location still being found: Send waits for it rather than calling the place missing. */
  const pendingPlace = useRef<Promise<ReportPlace | null> | null>(null)

  function locateMe() {
    if (pendingPlace.current) return
    setLocating(true)
    setLocationError('')
    const pending = (async (): Promise<ReportPlace | null> => {
      try {
        const { lat, lon } = await detectPosition()
        const place: ReportPlace = { lat, lon, label: YOUR_LOCATION }
        if (!mounted.current) return null
        setPlaceText('')
        setValues((v) => ({ ...v, where: place }))
        touch('where')
        return place
      } catch (error) {
        if (mounted.current) setLocationError(error instanceof LocationError ? error.alert : String(error))
        return null
      } finally {
        if (mounted.current) setLocating(false)
      }
    })()
    pendingPlace.current = pending
    void pending.then(() => {
      if (pendingPlace.current === pending) pendingPlace.current = null
    })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy.current) return
    busy.current = true
    try {
      let ready = values
      if (pendingPlace.current) {
        const place = await pendingPlace.current
        if (place) ready = { ...values, where: place }
      }
      const current = reportProblems(ready)
      const first = KEYS.find((k) => current[k])
      if (first) {
        touchAll(KEYS)
        const target = first === 'where' ? '[data-where]' : `[name="${first}"]`
        form.current?.querySelector<HTMLElement>(target)?.focus()
        return
      }
      setSending(true)
      const outcome = await sendIncidentReport(reportBody(ready))
      if (outcome.status === 'rejected') {
        const refusal = describeRefusal({ code: outcome.code, message: refusalMessage(outcome) }, say('failed'))
        toast(sentenceOf(refusal), { kind: 'error' })
        return
      }
      toast(outcome.status === 'sent' ? say('saved') : say('offline'), { kind: 'success', duration: 4000 })
      if (!mounted.current) return
      setValues(fresh())
      setPlaceText('')
      reset()
    } catch (error) {
      toast(saveFailedMessage(error, say('failed')), { kind: 'error', duration: 4000 })
    } finally {
      busy.current = false
      if (mounted.current) setSending(false)
    }
  }

  const whereError = shown(problems, 'where')
  const options = INCIDENT_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))

  return (
    <form ref={form} className="form report-form" onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <p className="report-form__statement">{t('storedStatement')}</p>

      <SelectField
        label={t('category')}
        name="category"
        required
        placeholder={t('selectCategory')}
        options={options}
        value={values.category}
        onChange={(e) => setValues((v) => ({ ...v, category: e.target.value }))}
        onBlur={() => touch('category')}
        error={shown(problems, 'category')}
      />

      <Field
        label={t('when')}
        name="when"
        type="datetime-local"
        required
        min={toLocalInput(oldestAllowed(now))}
        max={toLocalInput(now)}
        hint={t('whenHint')}
        value={values.when}
        onChange={(e) => setValues((v) => ({ ...v, when: e.target.value }))}
        onBlur={() => touch('when')}
        error={shown(problems, 'when')}
      />

      <fieldset className={`report-form__where${whereError ? ' field--invalid' : ''}`}>
        <legend>{t('where')}</legend>
        <Button variant="secondary" data-where onClick={locateMe} aria-describedby="report-where-status">
          {t('useMyLocation')}
        </Button>
        <PlaceSearch
          label={t('searchPlace')}
          name="place"
          value={placeText}
          onTextChange={(text) => {
            setPlaceText(text)
            setValues((v) => (v.where && v.where.label !== YOUR_LOCATION ? { ...v, where: null } : v))
          }}
          onChoose={(place) => {
            setPlaceText(place.display_name)
            setLocationError('')
            setValues((v) => ({ ...v, where: { lat: place.lat, lon: place.lon, label: place.display_name } }))
            touch('where')
          }}
        />
        <p id="report-where-status" className="report-form__chosen" role="status">
          {locating
            ? t('finding')
            : values.where
              ? t('placeChosen', {
                  place: placeLabel(values.where),
                  lat: values.where.lat.toFixed(4),
                  lon: values.where.lon.toFixed(4),
                })
              : ''}
        </p>
        {locationError ? <ErrorNote className="field__error">{locationError}</ErrorNote> : null}
        {whereError ? <p className="field__error">{whereError}</p> : null}
      </fieldset>

      <TextAreaField
        label={t('description')}
        name="description"
        rows={4}
        maxLength={INCIDENT_DESCRIPTION_MAX}
        hint={t('descriptionHint', {
          count: String(values.description.length),
          max: String(INCIDENT_DESCRIPTION_MAX),
        })}
        value={values.description}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        onBlur={() => touch('description')}
        error={shown(problems, 'description')}
      />

      <Button type="submit" disabled={sending}>
        {sending ? t('sending') : t('send')}
      </Button>
    </form>
  )
}
