import { Link } from '@tanstack/react-router'
import {
  ACCIDENT_BY_TIME,
  ACCIDENT_PER_KMH,
  AMBIENT_LIGHT,
  CAMERA_CRIME_REDUCTION,
  CRIME_CEILING,
  CRIME_PRIOR,
  CROWD_CEILING,
  FACTOR_MAX,
  FACTOR_MIN,
  HELP_CRIME_REDUCTION,
  INCIDENT_HALF_DENSITY,
  LIT_LIGHT,
  PEOPLE_BY_TIME,
  RATING_MAX_POINTS,
  ROAD_CLASS_PROFILES,
  SIDEWALK_ACCIDENT,
  TRAFFIC_BY_TIME,
} from '@wings/safety'
import type { ReactNode } from 'react'
import { T, useT } from './messages.ts'
import {
  CURVE_POINTS,
  curveOf,
  directionOf,
  EXAMPLE_STREETS,
  exampleScores,
  FACTOR_MEANINGS,
  FACTOR_NAMES,
  FACTOR_TITLES,
  PERIOD_TITLES,
  TIMES_OF_DAY,
  weightRows,
} from './model.ts'
import './model.css'

/** A part of the page under its own heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/**
 * One of the page's tables, with its caption and head row (`numeric`: the columns after the first hold numbers). It
 * scrolls sideways on a phone, reachable by keyboard (it takes focus, so arrows scroll it).
 */
function ModelTable({
  label,
  caption,
  columns,
  numeric = false,
  testId,
  children,
}: {
  label: string
  caption: string
  columns: readonly string[]
  numeric?: boolean
  testId?: string
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable for keyboard users (axe scrollable-region-focusable)
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      <table className="model__table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" className={numeric && i > 0 ? 'num' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  )
}

const pct = (share: number) => `${Math.round(share * 100)}%`
const ROADS = ['primary', 'residential', 'footway', 'path'] as const
const LIMITS = ['limit1', 'limit2', 'limit3', 'limit4', 'limit5', 'limit6', 'limit7', 'limit8'] as const

/** /routecalculation: how Wings makes a safety score, rendered from the model itself. */
export function RouteCalculationPage() {
  const t = useT()
  const rows = weightRows()
  const strong = <strong />
  return (
    <div className="model prose-wide">
      <p>
        <T
          k="intro1"
          values={{ min: String(FACTOR_MIN), max: String(FACTOR_MAX) }}
          components={{ 0: <Link to="/routescorer" /> }}
        />
      </p>
      <p>{t('intro2')}</p>

      <Section id="model-factors" title={t('factorsTitle')}>
        <ModelTable
          label={t('factorsTable')}
          caption={t('factorsCaption')}
          columns={[
            t('colFactor'),
            t('colMeasures'),
            t('colMeans', { value: String(FACTOR_MIN) }),
            t('colMeans', { value: String(FACTOR_MAX) }),
            t('colDirection'),
          ]}
        >
          {FACTOR_NAMES.map((name) => (
            <tr key={name}>
              <th scope="row">
                {t(FACTOR_TITLES[name])} <code>{name}</code>
              </th>
              <td>{t(FACTOR_MEANINGS[name].meaning)}</td>
              <td>{t(FACTOR_MEANINGS[name].low)}</td>
              <td>{t(FACTOR_MEANINGS[name].high)}</td>
              <td>{t(directionOf(name))}</td>
            </tr>
          ))}
        </ModelTable>
      </Section>

      <Section id="model-weights" title={t('weightsTitle')}>
        <p>{t('weightsText')}</p>
        <ModelTable
          label={t('weightsTable')}
          caption={t('weightsCaption')}
          testId="weights-table"
          columns={[t('colTimeOfDay'), ...FACTOR_NAMES.map((name) => t(FACTOR_TITLES[name]))]}
        >
          {rows.map((row) => (
            <tr key={row.key} data-period={row.key}>
              <th scope="row">
                {t(row.title)}
                {row.hours !== 'any' ? <span className="model__hours"> ({row.hours})</span> : null}
              </th>
              {FACTOR_NAMES.map((name) => (
                <td key={name} data-factor={name} className="num">
                  {row.weights[name]}
                </td>
              ))}
            </tr>
          ))}
        </ModelTable>
        <p>{t('weightsNote')}</p>
      </Section>

      <Section id="model-curves" title={t('curvesTitle')}>
        <ModelTable
          label={t('curvesTable')}
          caption={t('curvesCaption')}
          columns={[t('colFactor'), ...CURVE_POINTS.map((v) => t('colAt', { value: String(v) }))]}
          numeric
        >
          {FACTOR_NAMES.map((name) => (
            <tr key={name}>
              <th scope="row">{t(FACTOR_TITLES[name])}</th>
              {curveOf(name).map((share, i) => (
                <td key={CURVE_POINTS[i]} className="num">
                  {share}%
                </td>
              ))}
            </tr>
          ))}
        </ModelTable>
      </Section>

      <Section id="model-streets" title={t('streetsTitle')}>
        <p>{t('streetsText')}</p>
        <ul>
          <li>
            <T
              k="lighting"
              values={{
                day: String(AMBIENT_LIGHT.day),
                evening: String(AMBIENT_LIGHT.evening),
                night: String(AMBIENT_LIGHT.night),
                lit: String(LIT_LIGHT),
                primary: String(ROAD_CLASS_PROFILES.primary.unknownLight),
                residential: String(ROAD_CLASS_PROFILES.residential.unknownLight),
                footway: String(ROAD_CLASS_PROFILES.footway.unknownLight),
              }}
              components={{ 0: strong }}
            />
          </li>
          <li>
            <T
              k="people"
              values={{
                primary: String(ROAD_CLASS_PROFILES.primary.people),
                residential: String(ROAD_CLASS_PROFILES.residential.people),
                footway: String(ROAD_CLASS_PROFILES.footway.people),
                path: String(ROAD_CLASS_PROFILES.path.people),
                evening: pct(PEOPLE_BY_TIME.evening),
                night: pct(PEOPLE_BY_TIME.night),
                ceiling: String(CROWD_CEILING),
              }}
              components={{ 0: strong }}
            />
          </li>
          <li>
            <T
              k="help"
              values={{ help: pct(HELP_CRIME_REDUCTION), camera: pct(CAMERA_CRIME_REDUCTION) }}
              components={{ 0: strong }}
            />
          </li>
          <li>
            <T
              k="roads"
              values={{
                roads: ROADS.map((road) =>
                  t('roadRisk', { road, value: String(ROAD_CLASS_PROFILES[road].accident) }),
                ).join(', '),
                perKmh: String(ACCIDENT_PER_KMH),
                pavement: String(SIDEWALK_ACCIDENT.yes),
                noPavement: String(SIDEWALK_ACCIDENT.no),
                traffic: pct(TRAFFIC_BY_TIME.night),
                rise: pct(ACCIDENT_BY_TIME.night - 1),
              }}
              components={{ 0: strong }}
            />
          </li>
        </ul>

        <ModelTable
          label={t('examplesTable')}
          caption={t('examplesCaption')}
          columns={[t('colStreet'), ...TIMES_OF_DAY.map((period) => t(PERIOD_TITLES[period]))]}
          numeric
        >
          {EXAMPLE_STREETS.map((street) => {
            const scores = exampleScores(street.features)
            return (
              <tr key={street.title}>
                <th scope="row">{t(street.title)}</th>
                {TIMES_OF_DAY.map((period) => (
                  <td key={period} className="num">
                    {scores[period]}
                  </td>
                ))}
              </tr>
            )
          })}
        </ModelTable>
      </Section>

      <Section id="model-reports" title={t('reportsTitle')}>
        <p>
          {t('reportsText', {
            prior: String(CRIME_PRIOR),
            ceiling: String(CRIME_CEILING),
            half: String(INCIDENT_HALF_DENSITY),
            points: String(RATING_MAX_POINTS),
          })}
        </p>
        <p>
          <T k="reportLink" components={{ 0: <Link to="/report" /> }} />
        </p>
      </Section>

      <Section id="model-limits" title={t('limitsTitle')}>
        <ul>
          {LIMITS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>
          <T k="limitsEnd" components={{ 0: <Link to="/routescorer" /> }} />
        </p>
      </Section>
    </div>
  )
}
