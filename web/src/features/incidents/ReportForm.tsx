import { INCIDENT_CATEGORIES, INCIDENT_DESCRIPTION_MAX } from '@wings/contract'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Field, SelectField, TextAreaField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useTouched } from '../../ui/useTouched.ts'
import { PlaceSearch } from '../places/components.ts'
import { detectPosition, LocationError } from '../places/index.ts'
import {
  CATEGORY_LABELS,
  oldestAllowed,
  REPORT_FAILED,
  REPORT_OFFLINE,
  REPORT_SAVED,
  type ReportPlace,
  type ReportValues,
  reportBody,
  reportProblems,
  STORED_STATEMENT,
  sendIncidentReport,
  toLocalInput,
} from './report.ts'
import './report.css'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

type Key = keyof ReportValues
const KEYS: readonly Key[] = ['category', 'when', 'where', 'description']

const fresh = (where: ReportPlace | null = null): ReportValues => ({
  category: '',
  when: toLocalInput(new Date()),
  where,
  description: '',
})

const OPTIONS = INCIDENT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))

export interface ReportFormProps {
  /** A place chosen before the form opened (a map's 'Report an incident here'): the form starts with it. */
  initialPlace?: ReportPlace
}

/** The anonymous incident report: usable signed out, offline through the outbox. */
export function ReportForm({ initialPlace }: ReportFormProps = {}) {
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

  const problems = useMemo(() => reportProblems(values) as Record<string, string>, [values])
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
        const place: ReportPlace = { lat, lon, label: 'Your location' }
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
        toast(outcome.message || REPORT_FAILED, { kind: 'error', duration: 4000 })
        return
      }
      toast(outcome.status === 'sent' ? REPORT_SAVED : REPORT_OFFLINE, { kind: 'success', duration: 4000 })
      if (!mounted.current) return
      setValues(fresh())
      setPlaceText('')
      reset()
    } catch (error) {
      toast(saveFailedMessage(error, REPORT_FAILED), { kind: 'error', duration: 4000 })
    } finally {
      busy.current = false
      if (mounted.current) setSending(false)
    }
  }

  const whereError = shown(problems, 'where')

  return (
    <form ref={form} className="form report-form" onSubmit={submit} noValidate aria-label="Report an incident">
      <p className="report-form__statement">{STORED_STATEMENT}</p>

      <SelectField
        label="Category"
        name="category"
        required
        placeholder="Select a category"
        options={OPTIONS}
        value={values.category}
        onChange={(e) => setValues((v) => ({ ...v, category: e.target.value }))}
        onBlur={() => touch('category')}
        error={shown(problems, 'category')}
      />

      <Field
        label="When"
        name="when"
        type="datetime-local"
        required
        min={toLocalInput(oldestAllowed(now))}
        max={toLocalInput(now)}
        hint="Within the last year. We keep only the hour."
        value={values.when}
        onChange={(e) => setValues((v) => ({ ...v, when: e.target.value }))}
        onBlur={() => touch('when')}
        error={shown(problems, 'when')}
      />

      <fieldset className={`report-form__where${whereError ? ' field--invalid' : ''}`}>
        <legend>Where</legend>
        <Button variant="secondary" data-where onClick={locateMe} aria-describedby="report-where-status">
          Use my location
        </Button>
        <PlaceSearch
          label="Or search for a place"
          name="place"
          value={placeText}
          onTextChange={(text) => {
            setPlaceText(text)
            setValues((v) => (v.where && v.where.label !== 'Your location' ? { ...v, where: null } : v))
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
            ? 'Finding your location...'
            : values.where
              ? `Place: ${values.where.label} (${values.where.lat.toFixed(4)}, ${values.where.lon.toFixed(4)})`
              : ''}
        </p>
        {locationError ? <ErrorNote className="field__error">{locationError}</ErrorNote> : null}
        {whereError ? <p className="field__error">{whereError}</p> : null}
      </fieldset>

      <TextAreaField
        label="Description"
        name="description"
        rows={4}
        maxLength={INCIDENT_DESCRIPTION_MAX}
        hint={`Optional. ${values.description.length}/${INCIDENT_DESCRIPTION_MAX} characters. Do not include names or contact details.`}
        value={values.description}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        onBlur={() => touch('description')}
        error={shown(problems, 'description')}
      />

      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send report'}
      </Button>
    </form>
  )
}
