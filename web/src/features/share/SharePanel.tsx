/** The frame of the share tools' panels: a titled section, its content, and what the last action did. */
import './share.css'
import { type ReactNode, useId } from 'react'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

export type PanelStatus =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string }

export function SharePanel({ title, status, children }: { title: string; status: PanelStatus; children: ReactNode }) {
  const id = useId()
  return (
    <section className="panel share-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="share-panel__title">
        {title}
      </h2>
      {children}
      <p className="share-panel__status" role="status">
        {status.kind === 'done' ? status.text : ''}
      </p>
      {status.kind === 'error' ? <ErrorNote className="share-panel__error">{status.text}</ErrorNote> : null}
    </section>
  )
}
