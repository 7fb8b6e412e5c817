import { type RefObject, useEffect, useState } from 'react'

/**
 * True once `target` has come within `margin` of the viewport, and from then on: for heavy parts below the fold (a
 * map and its tiles), which a phone on a weak signal should only fetch and draw when she scrolls towards them.
 * Where IntersectionObserver is missing it is true at once.
 */
export function useNearViewport(target: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = target.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [target, margin, near])
  return near
}
