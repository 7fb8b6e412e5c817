import { Link } from '@tanstack/react-router'
import { SavedRouteMessages, type TravelMode } from '@wings/contract'
import { useState } from 'react'
import type { SavedRouteRow } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { coordsText, kmText, minutesText } from '../../ui/format.ts'
import { Page } from '../../ui/Page.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from '../auth/index.ts'
import { deleteRoute, useSavedRoutes } from './ops.ts'
import './savedRoutes.css'

export const DELETE_FAILED = 'Could not delete the route. Please try again.'

const MODE_LABELS: Record<TravelMode, string> = { car: 'Car', bike: 'Cycling', foot: 'Foot' }

/** /routes: the spec's 'Saved Routes'. Read from the phone only, so it works offline; deleting goes through the outbox. */
export function SavedRoutesPage() {
  return (
    <Page title="Saved Routes" className="saved-routes">
      <SavedRoutesBody />
    </Page>
  )
}

function SavedRoutesBody() {
  const { user, ready } = useAuth()
  if (!ready) return <p className="muted">Loading…</p>
  if (!user) {
    return (
      <p>
        Your saved routes are kept with your account.{' '}
        <Link to="/login" search={{ redirect: '/routes' }}>
          Log in
        </Link>{' '}
        to see them.
      </p>
    )
  }
  return <SavedRouteList />
}

function SavedRouteList() {
  const routes = useSavedRoutes()
  const toast = useToast()
  const [deleting, setDeleting] = useState<string | null>(null)

  async function remove(id: string) {
    if (deleting) return
    setDeleting(id)
    try {
      await deleteRoute(id)
      toast(SavedRouteMessages.deleted, { kind: 'success' })
    } catch (error) {
      toast(saveFailedMessage(error, DELETE_FAILED), { kind: 'error' })
    } finally {
      setDeleting(null)
    }
  }

  if (routes === undefined) return <p className="muted">Loading…</p>
  if (routes.length === 0) {
    return (
      <div className="saved-routes__empty">
        <p>No saved routes yet.</p>
        <p>
          <Link to="/routeplanner">Plan a route</Link> and save it: it shows here, offline too.
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
  const headingId = `saved-route-${route._id}`
  const from = route.currentLocationName
  const to = route.destinationLocationName
  const detail = route.route
  return (
    <Card as="article" className="saved-route" aria-labelledby={headingId}>
      <h2 className="saved-route__title" id={headingId}>
        {from} to {to}
      </h2>
      <dl className="saved-route__places">
        <PlaceTerm term="From" name={from} at={route.currentLocation} />
        <PlaceTerm term="To" name={to} at={route.destinationLocation} />
      </dl>
      {detail ? (
        <p className="saved-route__detail muted">
          {detail.label} route · {MODE_LABELS[detail.mode]} · {kmText(detail.distance)} · {minutesText(detail.duration)}{' '}
          · safety score {detail.safetyScore}
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
          Open in planner
        </Link>
        <Button
          variant="danger"
          size="sm"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete route from ${from} to ${to}`}
        >
          Delete
        </Button>
      </div>
    </Card>
  )
}
