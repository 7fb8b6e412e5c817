/**
 * Nearest help (issue 25, docs/nearby.md): the police stations, hospitals and places open now nearest to her on foot,
 * each with Call and Show the way. Online from the server; offline from the places kept on the phone, saying so.
 * Call 112 and the helplines stay one tap away in every state.
 */

import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ErrorCode, type Language } from '@wings/contract'
import { type ReactNode, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'
import { useLanguage } from '../../i18n/language.ts'
import { Button } from '../../ui/Button.tsx'
import { callLink, LocationText, useSosT } from '../sos/index.ts'
import { findNearby, type NearbyAnswer } from './answer.ts'
import { useT } from './messages.ts'
import { PlaceItem } from './PlaceItem.tsx'
import { TheWay } from './TheWay.tsx'
import { usePosition } from './usePosition.ts'
import './nearby.css'

function Emergency() {
  const t = useT()
  return (
    <p className="nearby-emergency">
      <span>{t('inDanger')}</span>
      <a className="btn btn--danger nearby-emergency__call" href={callLink()}>
        {t('call112')}
      </a>
      <Link className="btn btn--secondary nearby-emergency__help" to="/help">
        {t('helplines')}
      </Link>
    </p>
  )
}

/** '25 Nov, 14:05' in her language. */
function whenText(at: number, language: Language): string {
  return new Date(at).toLocaleString(INTL_LOCALE[language], {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
}

function Places({ answer, from }: { answer: Extract<NearbyAnswer, { places: unknown }>; from: [number, number] }) {
  const t = useT()
  const language = useLanguage()
  const [shown, setShown] = useState<number | null>(null)
  const rough = answer.source === 'saved'
  const place = shown === null ? undefined : answer.places[shown]
  return (
    <>
      {answer.source === 'saved' ? (
        <p className="nearby-note nearby-note--saved" role="status">
          {t('saved', { when: whenText(answer.savedAt, language) })}
        </p>
      ) : null}
      {answer.places.length === 0 ? (
        <p className="nearby-note" role="status">
          {t('none')}
        </p>
      ) : (
        <>
          {place ? <TheWay key={shown} from={from} place={place} offline={rough} /> : null}
          <h2 className="nearby-list__title">{t('listTitle')}</h2>
          <ol className="nearby-list">
            {answer.places.map((p, index) => (
              <PlaceItem
                key={`${p.kind}:${p.lat}:${p.lon}:${p.name}`}
                place={p}
                rough={rough}
                onShowWay={() => setShown(index)}
              />
            ))}
          </ol>
        </>
      )}
    </>
  )
}

export function NearbyPage() {
  const t = useT()
  useSosT()
  const { position, retry } = usePosition()
  const found = position.state === 'found' ? position.position : null
  const answer = useQuery({
    queryKey: ['nearby', found?.lat, found?.lon],
    queryFn: () => findNearby(found?.lat ?? 0, found?.lon ?? 0),
    enabled: found !== null,
    retry: false,
    staleTime: 60_000,
  })
  let body: ReactNode
  if (position.state === 'locating') {
    body = (
      <p className="nearby-note" role="status">
        {t('locating')}
      </p>
    )
  } else if (position.state === 'problem') {
    body = (
      <div className="nearby-note" role="alert">
        <p>{LocationText[position.problem]}</p>
        {position.problem === 'unsupported' ? null : (
          <Button variant="secondary" onClick={retry}>
            {t('tryAgain')}
          </Button>
        )}
      </div>
    )
  } else if (answer.isPending) {
    body = (
      <p className="nearby-note" role="status">
        {t('searching')}
      </p>
    )
  } else if (answer.isError) {
    const outside = answer.error instanceof ApiError && answer.error.code === ErrorCode.outsideRegion
    body = (
      <div className="nearby-note" role="alert">
        <p>{outside ? t('outside') : t('failed')}</p>
        {outside ? null : (
          <Button variant="secondary" onClick={() => void answer.refetch()}>
            {t('tryAgain')}
          </Button>
        )}
      </div>
    )
  } else if (answer.data.source === 'none') {
    body = (
      <p className="nearby-note" role="alert">
        {t('noSaved')}
      </p>
    )
  } else if (found) {
    body = <Places answer={answer.data} from={[found.lat, found.lon]} />
  }
  return (
    <>
      <p className="nearby-intro">{t('intro')}</p>
      <Emergency />
      {body}
    </>
  )
}
