import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { FieldError } from '../../ui/Field.tsx'
import { useT } from './messages.ts'
import { type Place, SEARCH_MIN_CHARS, searchStatusText, usePlaceSearch } from './search.ts'
import './placeSearch.css'

export interface PlaceSearchProps {
  label: string
  /** The text in the box (controlled by the form). */
  value: string
  /** She typed: the form forgets any place chosen before. */
  onTextChange: (text: string) => void
  /** She chose a suggestion. */
  onChoose: (place: Place) => void
  error?: string | undefined
  hint?: ReactNode
  name?: string
  required?: boolean
  onBlur?: () => void
  /** Pause after the last keystroke before searching (default: the estimator's 400 ms). */
  delayMs?: number
  /** Extra controls shown under the box, inside the field (e.g. the planner's 'Use my current location'). */
  children?: ReactNode
}

/**
 * A place search box (ARIA combobox with a listbox): suggestions from /api/geocode/search, at least 3 characters,
 * after a 400 ms pause, at most 5, in a list of limited height that scrolls. Arrow keys move, Enter chooses,
 * Escape closes the list (and does not trigger Quick exit).
 */
export function PlaceSearch({
  label,
  value,
  onTextChange,
  onChoose,
  error,
  hint,
  name,
  required,
  onBlur,
  delayMs,
  children,
}: PlaceSearchProps) {
  const t = useT()
  const id = useId()
  const listId = `${id}-list`
  const [term, setTerm] = useState('')
  const { places, status } = usePlaceSearch(term, delayMs)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  useEffect(() => {
    setActive(-1)
    setOpen(places.length > 0)
  }, [places])

  const shown = open && places.length > 0

  function choose(place: Place) {
    setTerm('')
    setOpen(false)
    setActive(-1)
    onChoose(place)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const n = places.length
    if (event.key === 'ArrowDown' && n > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((a) => (shown ? (a + 1) % n : 0))
    } else if (event.key === 'ArrowUp' && n > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((a) => (shown ? (a <= 0 ? n - 1 : a - 1) : n - 1))
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault()
      const place = places[active]
      if (place) choose(place)
    } else if (event.key === 'Escape' && shown) {
      // Closes the list only; Quick exit must not take this Escape.
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
      setActive(-1)
    }
  }

  const statusText = searchStatusText(status, places.length)
  const describedBy = [`${id}-hint`, `${id}-status`, error ? `${id}-error` : ''].filter(Boolean).join(' ')

  return (
    <div className={`field place-search${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="place-search__box">
        <input
          id={id}
          name={name}
          type="text"
          role="combobox"
          className="field__control"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          value={value}
          onChange={(event) => {
            setTerm(event.target.value)
            onTextChange(event.target.value)
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (places.length > 0 && term) setOpen(true)
          }}
          onBlur={() => {
            setOpen(false)
            onBlur?.()
          }}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t('listLabel', { label })}
          className="place-search__list"
          hidden={!shown}
          data-escape-layer={shown ? 'open' : undefined}
        >
          {places.map((place, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: combobox pattern, focus stays in the input (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's keydown handles the keys for the options
            <div
              key={place.place_id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={`place-search__option${i === active ? ' place-search__option--active' : ''}`}
              // Keep focus in the box, so choosing with the pointer does not blur and close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
            >
              {place.display_name}
            </div>
          ))}
        </div>
      </div>
      {children}
      <p className="field__hint" id={`${id}-hint`}>
        {hint ?? t('hint', { min: SEARCH_MIN_CHARS })}
      </p>
      <p className="field__hint place-search__status" id={`${id}-status`} role="status">
        {statusText}
      </p>
      <FieldError id={id} error={error} />
    </div>
  )
}
