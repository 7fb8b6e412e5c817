import type { TravelMode } from '@wings/contract'
import { Button } from '../../ui/Button.tsx'
import { kmText, minutesText } from '../../ui/format.ts'
import { differenceText } from './compare.ts'
import { scoredForText } from './leaveAt.ts'
import { useT } from './messages.ts'
import { RateRoute } from './RateRoute.tsx'
import { labelText, reasonText } from './reasons.ts'
import type { ShownRoute } from './state.ts'

export interface RouteCardProps {
  route: ShownRoute
  /** 0-based position in the list. */
  index: number
  /** The first route (the fastest), which the others are compared with. */
  first: ShownRoute | undefined
  mode: TravelMode
  /** The ISO time the route was scored for, or null (a saved route: the time is not kept). */
  scoredAt: string | null
  chosen: boolean
  onChoose: () => void
  /** Its line is the one highlighted on the map. */
  selected: boolean
  onSelect: () => void
}

/**
 * 'Route {n}': every label it earned, how it differs from route 1, distance, duration, the model's score as it is and
 * for which time, why, and 'Show on map' (its line on the results' map).
 */
export function RouteCard({
  route,
  index,
  first,
  mode,
  scoredAt,
  chosen,
  onChoose,
  selected,
  onSelect,
}: RouteCardProps) {
  const t = useT()
  const n = index + 1
  const titleId = `route-${n}-title`
  const { safety } = route
  const labels = route.labels ?? [route.label]
  const scoredFor = scoredAt ? scoredForText(scoredAt) : null
  return (
    // A tap anywhere on the card shows its line, as 'Show on map' does for the keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: 'Show on map' is the keyboard's way to do the same
    <article
      id={`route-card-${n}`}
      className={`route-card${chosen ? ' route-card--chosen' : ''}${selected ? ' route-card--selected' : ''}`}
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
      onClick={(event) => {
        if (!(event.target instanceof Element) || !event.target.closest('button, a, input, textarea, select, label'))
          onSelect()
      }}
    >
      <header className="route-card__head">
        <h3 id={titleId} className="route-card__title">
          {t('routeN', { n })}
        </h3>
        <span className="route-card__labels">
          {labels.map((label, i) => (
            <span key={label} className="route-card__label-item">
              {i > 0 ? (
                <span className="route-card__sep" aria-hidden="true">
                  ·
                </span>
              ) : null}
              <span className={`route-card__label route-card__label--${label.toLowerCase()}`}>{labelText(label)}</span>
            </span>
          ))}
        </span>
        {chosen ? <span className="route-card__chosen">{t('yourChoice')}</span> : null}
      </header>
      <p className="route-card__diff">{differenceText(route, index, first)}</p>
      <dl className="route-card__facts">
        <div>
          <dt>{t('distance')}</dt>
          <dd>{kmText(route.summary.distance)}</dd>
        </div>
        <div>
          <dt>{t('duration')}</dt>
          <dd>{minutesText(route.summary.duration)}</dd>
        </div>
        <div>
          <dt>{t('safetyScore')}</dt>
          <dd className="route-card__score">{route.safetyScore} / 100</dd>
        </div>
      </dl>
      {scoredFor ? <p className="route-card__when">{scoredFor}</p> : null}
      {safety ? (
        <div className="route-card__why">
          <ul className="route-card__reasons" aria-label={t('whyLabel', { n, score: route.safetyScore })}>
            {safety.reasons.map((reason) => (
              <li key={reason}>{reasonText(reason)}</li>
            ))}
          </ul>
          <p className="route-card__detail">
            {t('detail', {
              unlit: safety.unlitMeters,
              score: safety.lowestScoreStretch.score,
              meters: safety.lowestScoreStretch.meters,
            })}
          </p>
        </div>
      ) : null}
      <div className="route-card__actions">
        <Button variant="secondary" aria-pressed={selected} onClick={onSelect}>
          {t('showOnMap', { n })}
        </Button>
        <Button variant={chosen ? 'primary' : 'secondary'} aria-pressed={chosen} onClick={onChoose}>
          {t('chooseRoute', { n })}
        </Button>
      </div>
      {chosen ? <RateRoute geometry={route.geometry} mode={mode} routeName={t('rateRouteName', { n })} /> : null}
    </article>
  )
}
