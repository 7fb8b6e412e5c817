import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react'

interface FrameProps {
  id: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  children: ReactNode
}

function FieldFrame({ id, label, error, hint, children }: FrameProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
  id?: string
}

/** A labelled input with its hint and error, wired with aria-describedby and aria-invalid. */
export function Field({ label, error, hint, id: given, className, ...input }: FieldProps) {
  const auto = useId()
  const id = given ?? auto
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`field__control ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  )
}

export interface PasswordFieldProps extends Omit<FieldProps, 'type'> {}

/** A password input with a show/hide toggle (aria-pressed; its name says what a press does). */
export function PasswordField({ label, error, hint, id: given, className, ...input }: PasswordFieldProps) {
  const auto = useId()
  const id = given ?? auto
  const [visible, setVisible] = useState(false)
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="field__with-action">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`field__control ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className="field__action"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide password' : 'Show password'}
        </button>
      </div>
    </FieldFrame>
  )
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
  id?: string
}

export function TextAreaField({ label, error, hint, id: given, className, ...input }: TextAreaFieldProps) {
  const auto = useId()
  const id = given ?? auto
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={`field__control field__control--area ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  )
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string
  error?: string | undefined
  hint?: ReactNode
  id?: string
  options: ReadonlyArray<{ value: string; label: string }>
  placeholder?: string
}

export function SelectField({
  label,
  error,
  hint,
  id: given,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const auto = useId()
  const id = given ?? auto
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`field__control ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}
