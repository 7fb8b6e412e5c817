import { Link } from '@tanstack/react-router'
import { EMERGENCY_NUMBER, HELPLINES, type Helpline } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { db, ensureHelplines } from '../../db/db.ts'
import { Card } from '../../ui/Card.tsx'
import { CopyButton } from './CopyButton.tsx'
import './helplines.css'

/** The helplines from the phone's own database (seeded on first run), so they show offline. */
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

export function HelplinesPage() {
  const helplines = useHelplines()
  return (
    <>
      <Card as="section" className="emergency-card" aria-labelledby="emergency-title">
        <h2 id="emergency-title" className="emergency-card__title">
          Emergency: {EMERGENCY_NUMBER}
        </h2>
        <p>India’s single emergency number for police, fire and ambulance. It works from any phone.</p>
        <a className="btn btn--danger emergency-card__call" href={`tel:${EMERGENCY_NUMBER}`}>
          Call {EMERGENCY_NUMBER}
        </a>
        <p>
          <Link to="/safety">Safety tools</Link>: trusted contacts for SOS, live location sharing and a check-in timer.
        </p>
      </Card>
      {helplines === undefined ? (
        <p className="muted">Loading helplines…</p>
      ) : (
        <ul className="helplines" aria-label="Helplines">
          {helplines
            .filter((h) => h.number !== EMERGENCY_NUMBER)
            .map((h) => (
              <Card as="li" key={h.number} className="helpline">
                <h2 className="helpline__name">{h.name}</h2>
                <p className="helpline__number">{h.number}</p>
                <p className="helpline__purpose">{h.purpose}</p>
                <p className="helpline__area">
                  <span className="visually-hidden">Where it works: </span>
                  {h.area}
                </p>
                <div className="helpline__actions">
                  <CopyButton text={h.number} label={`${h.name} ${h.number}`} />
                  <a
                    className="btn btn--primary btn--sm"
                    href={`tel:${h.number}`}
                    aria-label={`Call ${h.name} ${h.number}`}
                  >
                    Call
                  </a>
                </div>
              </Card>
            ))}
        </ul>
      )}
    </>
  )
}
