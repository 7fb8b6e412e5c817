import { useCallback, useState } from 'react'

/** Which fields a person has left (blurred) or tried to submit: only those show their message. */
export function useTouched<K extends string>() {
  const [touched, setTouched] = useState<Partial<Record<K, true>>>({})
  const touch = useCallback((key: K) => setTouched((t) => (t[key] ? t : { ...t, [key]: true })), [])
  const touchAll = useCallback(
    (keys: readonly K[]) => setTouched(Object.fromEntries(keys.map((k) => [k, true])) as Partial<Record<K, true>>),
    [],
  )
  const reset = useCallback(() => setTouched({}), [])
  const shown = useCallback(
    (problems: Record<string, string>, key: K): string | undefined => (touched[key] ? problems[key] : undefined),
    [touched],
  )
  return { touched, touch, touchAll, reset, shown }
}
