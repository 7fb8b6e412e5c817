import { type ComponentType, type ReactNode, useEffect } from 'react'

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

/**
 * A route's component for a screen that is only a feature's page under its heading. `useTitle` is a hook giving
 * the heading in her language, e.g. `() => useT()('title')` with the feature's messages.
 */
export function pageOf(useTitle: () => string, className: string, Body: ComponentType) {
  return function TitledPage() {
    return (
      <Page title={useTitle()} className={className}>
        <Body />
      </Page>
    )
  }
}
