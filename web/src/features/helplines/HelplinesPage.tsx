import { Link } from '@tanstack/react-router'
import { EMERGENCY_NUMBER, HELPLINES, type Helpline } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { db } from '../../db/db.ts'
import { Card } from '../../ui/Card.tsx'
import { CopyButton } from './CopyButton.tsx'
import { helplineText } from './helplineText.ts'
import { T, useT } from './messages.ts'
import { ensureHelplines } from './stored.ts'
import './helplines.css'

/** The helplines from the phone's own database (stored.ts), so they show offline. */
export function useHelplines(): Helpline[] | undefined {
  useEffect(() => {
    void ensureHelplines().catch(() => undefined)
  }, [])
  return useLiveQuery(async () => {
    try {
      const rows = await db.helplines.orderBy('order').toArray()
      return rows.length
        ? rows.map(({ number, name, purpose, area }) => ({ number, name, purpose, area }))
        : [...HELPLINES]
    } catch {
      // IndexedDB can be unavailable (some private modes): the list ships with the app anyway.
      return [...HELPLINES]
    }
  }, [])
}

/** The page's title, in her language (routes/help.tsx). */
export const useHelplinesTitle = () => useT()('title')

export function HelplinesPage() {
  const t = useT()
  const helplines = useHelplines()
  return (
    <>
      <Card as="section" className="emergency-card" aria-labelledby="emergency-title">
        <h2 id="emergency-title" className="emergency-card__title">
          {t('emergencyTitle', { number: EMERGENCY_NUMBER })}
        </h2>
        <p>{t('emergencyText')}</p>
        <a className="btn btn--danger emergency-card__call" href={`tel:${EMERGENCY_NUMBER}`}>
          {t('callNumber', { number: EMERGENCY_NUMBER })}
        </a>
        <p>
          <T k="safetyTools" components={{ 0: <Link to="/safety" /> }} />
        </p>
      </Card>
      {helplines === undefined ? (
        <p className="muted">{t('loading')}</p>
      ) : (
        <ul className="helplines" aria-label={t('listLabel')}>
          {helplines
            .filter((h) => h.number !== EMERGENCY_NUMBER)
            .map(helplineText)
            .map((h) => (
              <Card as="li" key={h.number} className="helpline">
                <h2 className="helpline__name">{h.name}</h2>
                <p className="helpline__number">{h.number}</p>
                <p className="helpline__purpose">{h.purpose}</p>
                <p className="helpline__area">
                  <span className="visually-hidden">{t('whereItWorks')} </span>
                  {h.area}
                </p>
                <div className="helpline__actions">
                  <CopyButton text={h.number} label={`${h.name} ${h.number}`} />
                  <a
                    className="btn btn--primary btn--sm"
                    href={`tel:${h.number}`}
                    aria-label={t('callLabel', { name: h.name, number: h.number })}
                  >
                    {t('call')}
                  </a>
                </div>
              </Card>
            ))}
        </ul>
      )}
    </>
  )
}
