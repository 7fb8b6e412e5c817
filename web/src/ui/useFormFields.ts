import { useState } from 'react'
import { useTouched } from './useTouched.ts'

type Change = { target: { value: string } }

/**
 * A form's text values and which fields she has left: `field(key, problems)` gives an input its value, change
 * and blur handlers, and its message once touched. `onEdit` runs on every keystroke.
 */
export function useFormFields<K extends string>(
  initial: Record<K, string> | (() => Record<K, string>),
  onEdit?: () => void,
) {
  const [values, setValues] = useState(initial)
  const { touch, touchAll, reset, shown } = useTouched<K>()
  const field = (key: K, problems: Record<string, string>) => ({
    name: key,
    value: values[key],
    onChange: (event: Change) => {
      onEdit?.()
      setValues((v) => ({ ...v, [key]: event.target.value }))
    },
    onBlur: () => touch(key),
    error: shown(problems, key),
    required: true,
  })
  /** On submit: when the form has problems, shows them all and focuses the first field with one (true: stop). */
  const showProblems = (form: HTMLFormElement, keys: readonly K[], problems: Record<string, string>) => {
    if (Object.keys(problems).length === 0) return false
    touchAll(keys)
    const first = keys.find((k) => problems[k])
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
    return true
  }
  return { values, setValues, field, touchAll, showProblems, resetTouched: reset }
}
