/** Errors the server maps to HTTP statuses: bad extract (import fails, old region kept), 422, 404. */

export class OsmPbfError extends Error {
  override name = 'OsmPbfError'
}

/** The point is farther than the snap distance from any usable road of the mode: HTTP 422. */
export class OutsideRegionError extends Error {
  override name = 'OutsideRegionError'
  constructor(message = 'This place is outside the mapped region') {
    super(message)
  }
}

/** Both points snapped, but no road connects them for the mode: HTTP 404. */
export class NoRouteError extends Error {
  override name = 'NoRouteError'
  constructor(message = 'No route was found between these places for this mode of travel') {
    super(message)
  }
}
