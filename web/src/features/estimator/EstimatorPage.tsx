import { Link } from '@tanstack/react-router'
import { FACTOR_MAX, FACTOR_MIN, FACTOR_NAMES, type FactorName } from '@wings/safety'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useLanguage } from '../../i18n/language.ts'
import { useOnline } from '../../sync/useSyncStatus.ts'
import { Button } from '../../ui/Button.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { Field } from '../../ui/Field.tsx'
import { useTouched } from '../../ui/useTouched.ts'
import { useAuth } from '../auth/index.ts'
import { PlaceSearch } from '../places/components.ts'
import { CoverageNote, detectPosition, LocationError, locationErrorMessage, type Place } from '../places/index.ts'
import { type Estimate, type EstimatorValues, estimate, estimatorProblems, scoreText } from './estimate.ts'
import { rememberPlace, useKnownPlaces } from './knownPlaces.ts'
import { T, t as translate, useT } from './messages.ts'
import './estimator.css'

type Key = keyof EstimatorValues | 'destination'
const KEYS: readonly Key[] = ['lat1', 'lon1', 'destination', ...FACTOR_NAMES]

const EMPTY: EstimatorValues = {
  lat1: '',
  lon1: '',
  light_intensity: '',
  traffic_density: '',
  crowd_density: '',
  crime_rate: '',
  accident_rate: '',
}

type MessageKey = Parameters<typeof translate>[0]

/** Each factor's label (the spec's field name in English, plain words in Hindi and Marathi). */
const FACTOR_LABELS: Record<FactorName, MessageKey> = {
  light_intensity: 'labelLight',
  traffic_density: 'labelTraffic',
  crowd_density: 'labelCrowd',
  crime_rate: 'labelCrime',
  accident_rate: 'labelAccident',
}

/** Short help under each factor input: what 1 and 100 mean. */
const FACTOR_HINTS: Record<FactorName, MessageKey> = {
  light_intensity: 'hintLight',
  traffic_density: 'hintTraffic',
  crowd_density: 'hintCrowd',
  crime_rate: 'hintCrime',
  accident_rate: 'hintAccident',
}

/** The source point once both coordinates are numbers in range. */
function sourcePoint({ lat1, lon1 }: EstimatorValues): [number, number] | null {
  const [lat, lon] = [Number(lat1), Number(lon1)]
  if (lat1.trim() === '' || lon1.trim() === '' || !(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) return null
  return [lat, lon]
}

/** The spec's Route Safety Estimator (/routescorer). */
export function EstimatorPage() {
  const t = useT()
  const language = useLanguage()
  const [values, setValues] = useState<EstimatorValues>(EMPTY)
  const [detect, setDetect] = useState(false)
  const [locating, setLocating] = useState(false)
  const [destText, setDestText] = useState('')
  const [destination, setDestination] = useState<Place | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Estimate | null>(null)
  // Said beside what failed until she acts there again, never in a native alert (docs/feedback.md).
  const [locationProblem, setLocationProblem] = useState<{ text: string; unsupported: boolean } | null>(null)
  const [predictFailed, setPredictFailed] = useState(false)
  const { touch, touchAll, shown } = useTouched<Key>()
  const { user } = useAuth()
  const online = useOnline()
  const known = useKnownPlaces(user?._id)
  const form = useRef<HTMLFormElement>(null)
  const detectRun = useRef(0)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // Told again in her language when she switches.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages are made in `language`
  const problems = useMemo(() => {
    const p: Partial<Record<Key, string>> = estimatorProblems(values)
    if (!destination) p.destination = translate('destinationRequired')
    return p as Record<string, string>
  }, [values, destination, language])

  const set = (key: keyof EstimatorValues, value: string) => setValues((v) => ({ ...v, [key]: value }))

  async function onDetect(checked: boolean) {
    const run = ++detectRun.current
    setLocationProblem(null)
    if (!checked) {
      // Unticking clears the source.
      setDetect(false)
      setLocating(false)
      setValues((v) => ({ ...v, lat1: '', lon1: '' }))
      return
    }
    setDetect(true)
    setLocating(true)
    try {
      const { lat, lon } = await detectPosition()
      if (!mounted.current || run !== detectRun.current) return
      setValues((v) => ({ ...v, lat1: String(lat), lon1: String(lon) }))
    } catch (error) {
      if (!mounted.current || run !== detectRun.current) return
      setDetect(false)
      setLocationProblem({
        text: error instanceof LocationError ? error.alert : locationErrorMessage(String(error)),
        unsupported: error instanceof LocationError && error.message === 'unsupported',
      })
    } finally {
      if (mounted.current && run === detectRun.current) setLocating(false)
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const firstBad = KEYS.find((k) => problems[k])
    if (firstBad) {
      touchAll(KEYS)
      form.current?.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus()
      return
    }
    if (!destination) return
    setBusy(true)
    setResult(null)
    setPredictFailed(false)
    try {
      const answer = await estimate({
        lat1: Number(values.lat1),
        lon1: Number(values.lon1),
        lat2: destination.lat,
        lon2: destination.lon,
        light_intensity: Number(values.light_intensity),
        traffic_density: Number(values.traffic_density),
        crowd_density: Number(values.crowd_density),
        crime_rate: Number(values.crime_rate),
        accident_rate: Number(values.accident_rate),
      })
      if (mounted.current) setResult(answer)
    } catch {
      if (mounted.current) setPredictFailed(true)
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  // Typing a coordinate by hand stops a detection in flight and unticks the box; what she typed stays.
  const typeSource = (key: 'lat1' | 'lon1') => (event: { target: { value: string } }) => {
    set(key, event.target.value)
    setLocationProblem(null)
    if (!detect) return
    detectRun.current++
    setDetect(false)
    setLocating(false)
  }

  const sourceField = (key: 'lat1' | 'lon1', label: string, limit: number) => (
    <Field
      label={label}
      name={key}
      type="number"
      inputMode="decimal"
      step="any"
      min={-limit}
      max={limit}
      required
      value={values[key]}
      onChange={typeSource(key)}
      onBlur={() => touch(key)}
      error={shown(problems, key)}
    />
  )

  return (
    <div className="estimator">
      <p className="estimator__intro">
        <T k="intro" components={{ 0: <Link to="/routecalculation" /> }} />
      </p>
      <form ref={form} className="form estimator__form" onSubmit={submit} noValidate aria-label={t('title')}>
        <fieldset className="estimator__group">
          <legend>{t('whereFrom')}</legend>
          <div className="form__row estimator__pair">
            {sourceField('lat1', t('sourceLat'), 90)}
            {sourceField('lon1', t('sourceLon'), 180)}
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={detect} onChange={(e) => void onDetect(e.target.checked)} />
            <span>{t('detect')}</span>
          </label>
          <p className="field__hint" role="status">
            {locating ? t('locating') : ''}
          </p>
          {locationProblem ? (
            <ErrorNote>
              {locationProblem.text} {t(locationProblem.unsupported ? 'typeCoordinates' : 'locationNext')}
            </ErrorNote>
          ) : null}
          <CoverageNote point={sourcePoint(values)} after={t('ratingsOnly')} />
        </fieldset>

        <fieldset className="estimator__group">
          <legend>{t('whereTo')}</legend>
          <PlaceSearch
            label={t('destination')}
            name="destination"
            required
            value={destText}
            onTextChange={(text) => {
              setDestText(text)
              // Destination coordinates come only from a chosen suggestion.
              setDestination(null)
            }}
            onChoose={(place) => {
              setDestText(place.display_name)
              setDestination(place)
              touch('destination')
              void rememberPlace(place)
            }}
            error={shown(problems, 'destination')}
          />
          {online ? null : <p className="estimator__offline">{t('needsNetwork')}</p>}
          {known.length > 0 ? (
            <div className="field">
              <label htmlFor="estimator-known">{t('knownPlaces')}</label>
              <select
                id="estimator-known"
                className="input"
                value={
                  destination && known.some((p) => p.place_id === destination.place_id)
                    ? String(destination.place_id)
                    : ''
                }
                onChange={(event) => {
                  const place = known.find((p) => String(p.place_id) === event.target.value)
                  if (!place) return
                  setDestText(place.display_name)
                  setDestination(place)
                  touch('destination')
                }}
              >
                <option value="">{t('chooseKnown')}</option>
                {known.map((place) => (
                  <option key={String(place.place_id)} value={String(place.place_id)}>
                    {place.display_name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="form__row estimator__pair">
            <Field label={t('destLat')} name="lat2" readOnly value={destination ? String(destination.lat) : ''} />
            <Field label={t('destLon')} name="lon2" readOnly value={destination ? String(destination.lon) : ''} />
          </div>
        </fieldset>

        <fieldset className="estimator__group">
          <legend>{t('factorsLegend', { min: FACTOR_MIN, max: FACTOR_MAX })}</legend>
          <div className="estimator__factors">
            {FACTOR_NAMES.map((name) => (
              <Field
                key={name}
                label={t(FACTOR_LABELS[name])}
                name={name}
                type="number"
                inputMode="numeric"
                min={FACTOR_MIN}
                max={FACTOR_MAX}
                step="any"
                required
                hint={t(FACTOR_HINTS[name])}
                value={values[name]}
                onChange={(e) => set(name, e.target.value)}
                onBlur={() => touch(name)}
                error={shown(problems, name)}
              />
            ))}
          </div>
        </fieldset>

        <Button type="submit" disabled={busy}>
          {busy ? t('calculating') : t('calculate')}
        </Button>
        {predictFailed ? <ErrorNote>{t('predictFailed')}</ErrorNote> : null}
      </form>

      <div className="estimator__result" role="status" aria-live="polite">
        {result ? (
          <>
            <p className="estimator__score">{scoreText(result.score)}</p>
            {result.source === 'phone' ? <p className="estimator__source">{t('calculatedOnPhone')}</p> : null}
          </>
        ) : null}
      </div>
    </div>
  )
}
