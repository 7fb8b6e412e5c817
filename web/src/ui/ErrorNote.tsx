import type { ReactNode } from 'react'

/** What went wrong, announced as soon as it shows (role="alert"); a form's error unless `className` says otherwise. */
export function ErrorNote({ className = 'form__error', children }: { className?: string; children: ReactNode }) {
  return (
    <p className={className} role="alert">
      {children}
    </p>
  )
}
