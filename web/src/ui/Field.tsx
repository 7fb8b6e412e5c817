import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react'
import { useT } from './messages.ts'

/** What every field has: its label, and maybe a hint, an error and an id of its own. */
interface Labelled {
  label: string
  error?: string | undefined
  hint?: ReactNode
  id?: string
}

function FieldFrame({ id, label, error, hint, children }: Labelled & { id: string; children: ReactNode }) {
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
      <FieldError id={id} error={error} />
    </div>
  )
}

/** A field's error under it, named `<id>-error` for the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

/** A field's frame props and its control's: the id (given or made), the class, aria-invalid and aria-describedby. */
function useField({ label, error, hint, id: given }: Labelled, className: string) {
  const auto = useId()
  const id = given ?? auto
  return {
    frame: { id, label, error, hint },
    control: {
      id,
      className,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, error, hint),
    },
  }
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, Labelled {}

/** A labelled input with its hint and error, wired with aria-describedby and aria-invalid. */
export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  const { frame, control } = useField({ label, error, hint, id }, `field__control ${className ?? ''}`)
  return (
    <FieldFrame {...frame}>
      <input {...control} {...input} />
    </FieldFrame>
  )
}

export interface PasswordFieldProps extends Omit<FieldProps, 'type'> {}

/** A password input with a show/hide toggle (aria-pressed; its name says what a press does). */
export function PasswordField({ label, error, hint, id, className, ...input }: PasswordFieldProps) {
  const t = useT()
  const { frame, control } = useField({ label, error, hint, id }, `field__control ${className ?? ''}`)
  const [visible, setVisible] = useState(false)
  return (
    <FieldFrame {...frame}>
      <div className="field__with-action">
        <input {...control} type={visible ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} {...input} />
        <button
          type="button"
          className="field__action"
          aria-pressed={visible}
          aria-controls={control.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('hidePassword') : t('showPassword')}
        </button>
      </div>
    </FieldFrame>
  )
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, Labelled {}

export function TextAreaField({ label, error, hint, id, className, ...input }: TextAreaFieldProps) {
  const { frame, control } = useField(
    { label, error, hint, id },
    `field__control field__control--area ${className ?? ''}`,
  )
  return (
    <FieldFrame {...frame}>
      <textarea {...control} {...input} />
    </FieldFrame>
  )
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>, Labelled {
  options: ReadonlyArray<{ value: string; label: string }>
  placeholder?: string
}

export function SelectField({ label, error, hint, id, className, options, placeholder, ...select }: SelectFieldProps) {
  const { frame, control } = useField({ label, error, hint, id }, `field__control ${className ?? ''}`)
  return (
    <FieldFrame {...frame}>
      <select {...control} {...select}>
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
