/** Map markers: keyboard-focusable and named, drawn with divIcons (no image files). */
import * as L from 'leaflet'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { Marker } from 'react-leaflet'
import type { LatLon } from './geo.ts'
import { useT } from './messages.ts'
import { NamedTooltip } from './NamedTooltip.tsx'

/** A keyboard-focusable marker named `label` (aria-label and title), drawn with a divIcon (no image files). */
export function LabelledMarker({
  position,
  icon,
  label,
  children,
}: {
  position: LatLon
  icon: L.DivIcon
  label: string
  children?: ReactNode
}) {
  const ref = useRef<L.Marker>(null)
  useEffect(() => {
    const el = ref.current?.getElement()
    if (!el) return
    el.setAttribute('aria-label', label)
    // Leaflet sets the title once: it follows the name when her language changes.
    el.title = label
    // Leaflet gives the name to the tooltip as well; the name alone is enough.
    el.removeAttribute('aria-describedby')
  })
  return (
    <Marker ref={ref} position={position} icon={icon} title={label} alt={label} keyboard riseOnHover>
      {children}
    </Marker>
  )
}

const pointIcon = (kind: 'start' | 'end') =>
  L.divIcon({
    className: `map-marker map-marker--${kind}`,
    html: '',
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  })

/** The route's 'Start Point' or 'End Point', with its name in a tooltip above it. */
export function PointMarker({ position, kind }: { position: LatLon; kind: 'start' | 'end' }) {
  const t = useT()
  const label = kind === 'start' ? t('startPoint') : t('endPoint')
  const icon = useMemo(() => pointIcon(kind), [kind])
  return (
    <LabelledMarker position={position} icon={icon} label={label}>
      <NamedTooltip text={label} permanent direction="top" offset={[0, -12]} className="map-marker__label" />
    </LabelledMarker>
  )
}
