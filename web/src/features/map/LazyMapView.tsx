/**
 * The map as screens use it: Leaflet and the map code load only when the map comes near the screen, and the map and
 * its tiles are drawn only once it is on the screen, so a phone on a weak signal spends nothing on a map below the
 * fold until she scrolls to it. Until then (and while the code arrives) a placeholder of the map's own size holds its
 * place, so nothing moves when it is drawn.
 */
import './map.css'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useNearViewport } from '../../ui/useNearViewport.ts'
import { useT } from './frame/messages.ts'
import { MapPlaceholder, mapViewClasses } from './MapPlaceholder.tsx'
import type { MapViewProps } from './MapView.tsx'

const loadMapView = () => import('./MapView.tsx')
const MapView = lazy(loadMapView)

export function LazyMapView(props: MapViewProps) {
  const t = useT()
  const placeholder = useRef<HTMLElement>(null)
  const hadFocus = useRef(false)
  // As she scrolls towards the map its code arrives; Leaflet draws it (the costly part) once it is on the screen.
  const near = useNearViewport(placeholder)
  const onScreen = useNearViewport(placeholder, '0px')
  useEffect(() => {
    if (near) loadMapView().catch(() => undefined)
  }, [near])
  if (!onScreen) {
    // A keyboard stop where the map will be: tabbing to it scrolls it onto the screen, and the map takes the focus
    // once drawn, so a keyboard user does not pass a map that has not loaded yet.
    return (
      <div className={mapViewClasses(props.className)}>
        <section
          ref={placeholder}
          className="map-view__map map-view__placeholder"
          aria-label={props.label}
          aria-busy="true"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it stands for the map, a keyboard stop (arrow keys pan it)
          tabIndex={0}
          onFocus={() => {
            hadFocus.current = true
          }}
          onBlur={(event) => {
            // Focus that moved elsewhere; a placeholder replaced while focused keeps the hand-over.
            if (event.relatedTarget) hadFocus.current = false
          }}
        >
          {t('loadingMap')}
        </section>
      </div>
    )
  }
  return (
    <Suspense fallback={<MapPlaceholder className={props.className} />}>
      <MapView {...props} focusWhenDrawn={hadFocus} />
    </Suspense>
  )
}
