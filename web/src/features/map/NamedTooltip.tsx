import type L from 'leaflet'
import { useEffect, useRef } from 'react'
import { Tooltip, type TooltipProps } from 'react-leaflet'

/**
 * A Leaflet tooltip named by its text. Leaflet gives the tooltip role="tooltip" when it is added, but React fills it
 * a moment later: in between, a screen reader (and axe's aria-tooltip-name) meets a tooltip with no name.
 */
export function NamedTooltip({
  text,
  ...options
}: Omit<TooltipProps, 'children' | 'eventHandlers'> & { text: string }) {
  const ref = useRef<L.Tooltip>(null)
  const name = (tooltip: L.Tooltip | null) => tooltip?.getElement()?.setAttribute('aria-label', text)
  // Her language can change while the tooltip is shown.
  useEffect(() => name(ref.current))
  return (
    <Tooltip ref={ref} {...options} eventHandlers={{ add: (event) => name(event.target as L.Tooltip) }}>
      {text}
    </Tooltip>
  )
}
