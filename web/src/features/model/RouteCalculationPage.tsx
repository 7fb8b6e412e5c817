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

/** /routecalculation: how Wings makes a safety score, rendered from the model itself. */
export function RouteCalculationPage() {
  const rows = weightRows()
  return (
    <div className="model prose-wide">
      <p>
        Every street gets a safety score from 0 to 100, and a route's score is the average of its streets, weighted by
        length. The score comes from five factors, each rated from {FACTOR_MIN} to {FACTOR_MAX}. The same model runs on
        our server and on your phone, so you get the same score offline. You can try it yourself in the{' '}
        <Link to="/routescorer">Route Safety Estimator</Link>.
      </p>
      <p>
        The score is honest: it is never raised for display, and a route always comes with the reasons behind it. A
        score ranks streets; a score of 70 is not a 70% chance of being safe.
      </p>

      <Section id="model-factors" title="The five factors">
        <ModelTable
          label="Factors table"
          caption="What each factor means and which way it moves the score"
          columns={['Factor', 'What it measures', `${FACTOR_MIN} means`, `${FACTOR_MAX} means`, 'Direction']}
        >
          {FACTOR_NAMES.map((name) => (
            <tr key={name}>
              <th scope="row">
                {FACTOR_TITLES[name]} <code>{name}</code>
              </th>
              <td>{FACTOR_MEANINGS[name].meaning}</td>
              <td>{FACTOR_MEANINGS[name].low}</td>
              <td>{FACTOR_MEANINGS[name].high}</td>
              <td>{directionOf(name)}</td>
            </tr>
          ))}
        </ModelTable>
      </Section>

      <Section id="model-weights" title="Weights by time of day">
        <p>
          Each factor is turned into a share from 0 to 1 of how good it is, then multiplied by its weight. Each row of
          weights adds up to 100, so a factor at its best gives its whole weight. Light and people count more after
          dark; crime leads by day.
        </p>
        <ModelTable
          label="Weights table"
          caption="Weight of each factor, in points out of 100"
          testId="weights-table"
          columns={['Time of day', ...FACTOR_NAMES.map((name) => FACTOR_TITLES[name])]}
        >
          {rows.map((row) => (
            <tr key={row.key} data-period={row.key}>
              <th scope="row">
                {row.title}
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
        <p>
          The times of day are fixed clock hours all year; sunset by season and latitude is not modelled. The estimator
          has no time input, so it uses the middle row.
        </p>
      </Section>

      <Section id="model-curves" title="How a factor's value becomes its share">
        <ModelTable
          label="Factor curves table"
          caption="Share of its weight a factor gives at each value"
          columns={['Factor', ...CURVE_POINTS.map((v) => `at ${v}`)]}
          numeric
        >
          {FACTOR_NAMES.map((name) => (
            <tr key={name}>
              <th scope="row">{FACTOR_TITLES[name]}</th>
              {curveOf(name).map((share, i) => (
                <td key={CURVE_POINTS[i]} className="num">
                  {share}%
                </td>
              ))}
            </tr>
          ))}
        </ModelTable>
      </Section>

      <Section id="model-streets" title="From street features to factors">
        <p>
          For each street, Wings reads the map (OpenStreetMap) and works out the five factors for the time of your trip.
          A tag that is missing from the map is treated as unknown, never as the worst case.
        </p>
        <ul>
          <li>
            <strong>Lighting.</strong> The light is the larger of daylight (day {AMBIENT_LIGHT.day}, twilight{' '}
            {AMBIENT_LIGHT.evening}, night {AMBIENT_LIGHT.night}) and the street lamps: a street mapped as lit gives{' '}
            {LIT_LIGHT}, one mapped as unlit gives nothing, and an unmapped one gets a middle value by road type (at
            night: main road {ROAD_CLASS_PROFILES.primary.unknownLight}, residential{' '}
            {ROAD_CLASS_PROFILES.residential.unknownLight}, footpath {ROAD_CLASS_PROFILES.footway.unknownLight}). Open
            shop fronts, cafes and 24-hour places add light after dark.
          </li>
          <li>
            <strong>People.</strong> People using the road itself (by day: main road{' '}
            {ROAD_CLASS_PROFILES.primary.people}, residential {ROAD_CLASS_PROFILES.residential.people}, footpath{' '}
            {ROAD_CLASS_PROFILES.footway.people}, path {ROAD_CLASS_PROFILES.path.people}), {pct(PEOPLE_BY_TIME.evening)}{' '}
            of that in the evening and {pct(PEOPLE_BY_TIME.night)} at night, plus people drawn by shops, cafes, stops
            and 24-hour places nearby, up to {CROWD_CEILING}. Shops count less at night, when they close; 24-hour places
            count most.
          </li>
          <li>
            <strong>Help nearby.</strong> Police, hospitals, clinics and pharmacies nearby lower the crime factor by up
            to {pct(HELP_CRIME_REDUCTION)}; surveillance cameras by up to {pct(CAMERA_CRIME_REDUCTION)} (their measured
            effect is modest).
          </li>
          <li>
            <strong>Road class and speed.</strong> Each road type has a usual traffic level and an accident risk for a
            person on foot ({ROADS.map((r) => `${r} ${ROAD_CLASS_PROFILES[r].accident}`).join(', ')}). Each km/h of
            speed limit above the usual speed adds {ACCIDENT_PER_KMH}; a pavement multiplies the risk by{' '}
            {SIDEWALK_ACCIDENT.yes} and no pavement by {SIDEWALK_ACCIDENT.no}. Traffic is {pct(TRAFFIC_BY_TIME.night)}{' '}
            of its daytime level at night, and the accident risk rises {pct(ACCIDENT_BY_TIME.night - 1)} at night, when
            drivers see people on foot less well.
          </li>
        </ul>

        <ModelTable
          label="Example streets table"
          caption="Example streets, scored by the model"
          columns={['Street', ...TIMES_OF_DAY.map((t) => PERIOD_TITLES[t])]}
          numeric
        >
          {EXAMPLE_STREETS.map((street) => {
            const scores = exampleScores(street.features)
            return (
              <tr key={street.title}>
                <th scope="row">{street.title}</th>
                {TIMES_OF_DAY.map((t) => (
                  <td key={t} className="num">
                    {scores[t]}
                  </td>
                ))}
              </tr>
            )
          })}
        </ModelTable>
      </Section>

      <Section id="model-reports" title="Reports and ratings">
        <p>
          With no reports, the crime factor is {CRIME_PRIOR}: no report is not proof that nothing happens. Anonymous
          incident reports near a street raise it towards {CRIME_CEILING}, half-way at {INCIDENT_HALF_DENSITY} reports
          per km; older reports count less than recent ones. When you rate a route, your rating nudges the score of the
          streets on it by at most {RATING_MAX_POINTS} points, so ratings can adjust what the map says but never
          overrule it.
        </p>
        <p>
          <Link to="/report">Report an incident</Link> to warn others. Reports are anonymous: we store the category, the
          hour, a place rounded to about 50 m and your description, never who you are.
        </p>
      </Section>

      <Section id="model-limits" title="What the model does not know">
        <ul>
          <li>Whether street lights work, or how bright they are: the map says only lit or not.</li>
          <li>
            Real numbers of people. People are estimated from the road type and the places nearby; a festival, a closed
            market or a Sunday are invisible.
          </li>
          <li>Sight lines, walls, hiding places, and whether women use a street: there is no map data for them.</li>
          <li>
            Official crime statistics: they are not used. Reports are sparse and come from where users are, so a score
            says what was reported, never that a place is safe.
          </li>
          <li>Sunset times, the weather, and your own situation (alone or not, what you carry).</li>
          <li>The transport mode: the factors describe a person on foot or on a bike, for every mode.</li>
          <li>Very dense crowds, which carry their own risks.</li>
          <li>Calibration: the weights are reasoned from research on women's safety audits, not fitted to data.</li>
        </ul>
        <p>
          Trust your instincts over any score. <Link to="/routescorer">Try the Route Safety Estimator</Link>.
        </p>
      </Section>
    </div>
  )
}
