import { type ReactNode, useEffect } from 'react'

/** A screen's heading and document title. */
export function Page({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  useEffect(() => {
    document.title = `${title} · Wings`
  }, [title])
  return (
    <div className={`page ${className ?? ''}`}>
      <h1 className="page__title">{title}</h1>
      {children}
    </div>
  )
}
