/**
 * The region's and the planner's plain values, without schemas: the planner's first screen needs them and no TypeBox;
 * the schemas built from them are in region.ts.
 */

/** Credit that every screen showing region data must give (ODbL). */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors'

export const TRAVEL_MODES = ['car', 'bike', 'foot'] as const
export type TravelMode = (typeof TRAVEL_MODES)[number]

export const ROUTE_LABELS = ['Fastest', 'Safest', 'Balanced'] as const
