import type { NearbyPlace } from '@wings/contract'
import { Button } from '../../ui/Button.tsx'
import { categoryText, distanceText, placeName, telLink, walkText } from './format.ts'
import { useT } from './messages.ts'

/** One place: name, what it is, how far and how long on foot, open now, Call and Show the way. */
export function PlaceItem({
  place,
  rough,
  onShowWay,
}: {
  place: NearbyPlace
  /** Straight-line estimates (offline): 'about'. */
  rough: boolean
  onShowWay: () => void
}) {
  const t = useT()
  const name = placeName(place)
  return (
    <li className={`nearby-place nearby-place--${place.kind}`}>
      <h3 className="nearby-place__name">{name}</h3>
      <p className="nearby-place__facts">
        {place.name ? <span>{categoryText(place)}</span> : null}
        <span>{distanceText(place.distanceMeters, rough)}</span>
        <span>{walkText(place.walkingSeconds, rough)}</span>
        {place.openNow === true ? <span className="nearby-place__open">{t('openNow')}</span> : null}
        {place.openNow === false ? <span className="nearby-place__closed">{t('closedNow')}</span> : null}
      </p>
      <div className="nearby-place__actions">
        {place.phone ? (
          <a className="btn btn--primary nearby-place__action" href={telLink(place.phone)}>
            {t('call', { phone: place.phone })}
          </a>
        ) : null}
        <Button variant="secondary" className="nearby-place__action" onClick={onShowWay}>
          {t('showWay')}
        </Button>
      </div>
    </li>
  )
}
