import { useCoverage } from './coverage.ts'
import { useT } from './messages.ts'

/**
 * Says "Wings has no map data for this area yet" under a field whose point (her location, typed coordinates) lies
 * outside the region's outline; nothing otherwise. `after` adds what still works there.
 */
export function CoverageNote({ point, after }: { point: readonly [number, number] | null; after?: string }) {
  const t = useT()
  const outside = useCoverage()
  return (
    <p className="field__hint coverage-note" role="status">
      {outside(point) ? [t('pointOutside'), after].filter(Boolean).join(' ') : ''}
    </p>
  )
}
