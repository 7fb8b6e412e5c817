import type { NearbyPlace } from '@wings/contract'
import { t } from './messages.ts'

const CATEGORIES = ['police', 'hospital', 'pharmacy', 'fuel', 'hotel', 'clinic', 'doctors', 'shop'] as const
type Category = (typeof CATEGORIES)[number]

/** What the place is, in her language ('Petrol pump'); 'Place' for a category the app does not know. */
export function categoryText(place: Pick<NearbyPlace, 'kind' | 'category'>): string {
  const category = place.category ?? place.kind
  return (CATEGORIES as readonly string[]).includes(category) ? t(category as Category) : t('place')
}

/** Its OpenStreetMap name, or what it is when OSM has none (an unnamed police station is still a place to go). */
export const placeName = (place: NearbyPlace) => place.name || categoryText(place)

/** '350 m' (to 10 m) or '1.2 km'; 'about …' for a straight-line estimate. Latin digits in every language. */
export function distanceText(meters: number, rough = false): string {
  if (meters < 1000) {
    const n = String(Math.max(10, Math.round(meters / 10) * 10))
    return t(rough ? 'aboutMeters' : 'meters', { n })
  }
  const n = (meters / 1000).toFixed(1)
  return t(rough ? 'aboutKilometers' : 'kilometers', { n })
}

/** '5 min walk' (at least 1); 'about 5 min walk' for a straight-line estimate. */
export function walkText(seconds: number, rough = false): string {
  const n = String(Math.max(1, Math.round(seconds / 60)))
  return t(rough ? 'aboutWalk' : 'walk', { n })
}

/** A tel: link for a number as OSM writes it ('+91 22 2307 1234' -> 'tel:+912223071234'). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
