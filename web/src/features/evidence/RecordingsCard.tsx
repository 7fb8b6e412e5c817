import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useT } from './messages.ts'

/** On the Safety tools page: what "Record audio" is for, and her list. */
export function RecordingsCard() {
  const t = useT()
  const title = useId()
  return (
    <section className="panel evidence-card" aria-labelledby={title}>
      <h2 id={title}>{t('cardTitle')}</h2>
      <p>{t('cardText')}</p>
      <Link to="/recordings" className="btn btn--secondary">
        {t('myRecordings')}
      </Link>
    </section>
  )
}
