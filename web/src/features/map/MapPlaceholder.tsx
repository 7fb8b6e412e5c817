/** What stands where a map will be, shared by LazyMapView (before the map's code arrives) and MapView (before it draws). */
import { useT } from './frame/messages.ts'

/** The class list of a map's outer element, the map's own and the screen's. */
export const mapViewClasses = (className: string | undefined) => ['map-view', className ?? ''].filter(Boolean).join(' ')

/** Where the map will be, the map's size, with "Loading map...". */
export function MapLoading() {
  const t = useT()
  return <div className="map-view__map map-view__placeholder">{t('loadingMap')}</div>
}

/** The map's frame with MapLoading in it. */
export function MapPlaceholder({ className }: { className?: string }) {
  return (
    <div className={mapViewClasses(className)}>
      <MapLoading />
    </div>
  )
}
