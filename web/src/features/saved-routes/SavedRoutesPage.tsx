import { Link } from '@tanstack/react-router'
import type { TravelMode } from '@wings/contract'
import { useState } from 'react'
import type { SavedRouteRow } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { coordsText, kmText, minutesText } from '../../ui/format.ts'
import { Page } from '../../ui/Page.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { T, t as translate, useT } from './messages.ts'
import { deleteRoute, useSavedRoutes } from './ops.ts'
import './savedRoutes.css'

const MODE_KEYS = { car: 'modeCar', bike: 'modeBike', foot: 'modeFoot' } as const satisfies Record<TravelMode, string>

/** /routes: the spec's 'Saved Routes'. Read from the phone only, so it works offline; deleting goes through the outbox. */
export function SavedRoutesPage() {
  const t = useT()
  return (
    <Page title={t('title')} className="saved-routes">
      <SavedRoutesBody />
    </Page>
  )
}

function SavedRoutesBody() {
  const t = useT()
  const { user, ready } = useAuth()
  if (!ready) return <p className="muted">{t('loading')}</p>
  if (!user) {
    return (
      <p>
        <T k="signedOut" components={{ 0: <Link to="/login" search={{ redirect: '/routes' }} /> }} />
      </p>
    )
  }
  return <SavedRouteList />
}

function SavedRouteList() {
  const t = useT()
  const routes = useSavedRoutes()
  const toast = useToast()
  const [deleting, setDeleting] = useState<string | null>(null)

  async function remove(id: string) {
    if (deleting) return
    setDeleting(id)
    try {
      await deleteRoute(id)
      toast(translate('deleted'), { kind: 'success' })
    } catch (error) {
      toast(saveFailedMessage(error, translate('deleteFailed')), { kind: 'error' })
    } finally {
      setDeleting(null)
    }
  }

  if (routes === undefined) return <p className="muted">{t('loading')}</p>
  if (routes.length === 0) {
    return (
      <div className="saved-routes__empty">
        <p>{t('empty')}</p>
        <p>
          <T k="emptyPlan" components={{ 0: <Link to="/routeplanner" /> }} />
        </p>
      </div>
    )
  }
  return (
    <ul className="item-list saved-routes__list">
      {routes.map((route) => (
        <li key={route._id}>
          <SavedRouteItem route={route} busy={deleting === route._id} onDelete={() => void remove(route._id)} />
        </li>
      ))}
    </ul>
  )
}

/** One end of a saved route: its name and its coordinates. */
function PlaceTerm({ term, name, at }: { term: string; name: string; at: SavedRouteRow['currentLocation'] }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        {name} <span className="saved-route__coords">({coordsText(...at)})</span>
      </dd>
    </div>
  )
}

function SavedRouteItem({ route, busy, onDelete }: { route: SavedRouteRow; busy: boolean; onDelete: () => void }) {
  const t = useT()
  const headingId = `saved-route-${route._id}`
  const from = route.currentLocationName
  const to = route.destinationLocationName
  const detail = route.route
  return (
    <Card as="article" className="saved-route" aria-labelledby={headingId}>
      <h2 className="saved-route__title" id={headingId}>
        {t('itemTitle', { from, to })}
      </h2>
      <dl className="saved-route__places">
        <PlaceTerm term={t('from')} name={from} at={route.currentLocation} />
        <PlaceTerm term={t('to')} name={to} at={route.destinationLocation} />
      </dl>
      {detail ? (
        <p className="saved-route__detail muted">
          {t('detail', {
            label: detail.label,
            mode: t(MODE_KEYS[detail.mode]),
            distance: kmText(detail.distance),
            duration: minutesText(detail.duration),
            score: detail.safetyScore,
          })}
        </p>
      ) : null}
      <div className="saved-route__actions">
        {/* The planner reads `saved` from its search and draws the route from this phone. */}
        <Link
          className="btn btn--secondary btn--sm"
          to="/routeplanner"
          search={{ saved: route._id }}
          aria-describedby={headingId}
        >
          {t('open')}
        </Link>
        <Button
          variant="danger"
          size="sm"
          onClick={onDelete}
          disabled={busy}
          aria-label={t('deleteLabel', { from, to })}
        >
          {t('delete')}
        </Button>
      </div>
    </Card>
  )
}
