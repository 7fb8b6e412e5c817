/** Community tips (from /api/tips) near the route lines: one marker a place, the tips' text in its popup. */
import { BBOX_MAX_KM2, type Tip } from '@wings/contract'
import * as L from 'leaflet'
import { useEffect, useMemo, useState } from 'react'
import { Popup } from 'react-leaflet'
import { callApi } from '../../api/client.ts'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'
import { useLanguage } from '../../i18n/language.ts'
import { bboxParam, boundsOf, clampBboxArea, type LatLon } from './geo.ts'
import { LabelledMarker } from './markers.tsx'
import { t as translate, useT } from './messages.ts'
import { online } from './view.ts'

const MAX_TIPS = 60
/** Tips listed in one place's popup (the newest). */
const TIPS_PER_PLACE = 5

const TIP_ICON_HTML =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>'

const tipIcon = () =>
  L.divIcon({
    className: 'map-tip',
    html: TIP_ICON_HTML,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    popupAnchor: [0, -10],
  })

/** A tip's date as '3 Mar 2025' (in `locale`, an INTL_LOCALE); '' when it is not a date. */
export function tipDate(iso: string, locale: string = INTL_LOCALE.en): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })
}

/** Tips at one place (tips apply at the middle of the rated route, so one route's tips share a place). */
export interface TipGroup {
  key: string
  position: LatLon
  tips: Tip[]
}

/** Tips grouped by place (to 5 decimals, about a metre), each place's tips newest first. */
export function groupTips(tips: readonly Tip[]): TipGroup[] {
  const groups = new Map<string, TipGroup>()
  for (const tip of tips) {
    const key = `${tip.lat.toFixed(5)},${tip.lon.toFixed(5)}`
    const group = groups.get(key)
    if (group) group.tips.push(tip)
    else groups.set(key, { key, position: [tip.lat, tip.lon], tips: [tip] })
  }
  for (const group of groups.values()) group.tips.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return [...groups.values()]
}

const tipsLabel = (tips: readonly Tip[]) =>
  tips.length === 1 ? translate('tipOne', { rating: tips[0]?.rating }) : translate('tipsMany', { count: tips.length })

/** Community tips near the route lines: small markers; the tips' text in a popup (Enter opens it). */
export function CommunityTips({ lines }: { lines: readonly { positions: LatLon[] }[] }) {
  const t = useT()
  const locale = INTL_LOCALE[useLanguage()]
  const [groups, setGroups] = useState<TipGroup[]>([])
  const icon = useMemo(tipIcon, [])
  const bounds = boundsOf(
    lines.flatMap((line) => line.positions),
    0.002,
  )
  const param = bounds ? bboxParam(clampBboxArea(bounds, BBOX_MAX_KM2)) : ''
  useEffect(() => {
    if (!param || !online()) return
    const controller = new AbortController()
    callApi('tips', { query: { bbox: param }, signal: controller.signal }).then(
      (answer) => setGroups(groupTips(answer.tips.filter((tip) => tip.text.trim()).slice(0, MAX_TIPS))),
      () => undefined,
    )
    return () => controller.abort()
  }, [param])
  return (
    <>
      {groups.map((group) => (
        <LabelledMarker key={group.key} position={group.position} icon={icon} label={tipsLabel(group.tips)}>
          <Popup className="map-tip__popup">
            <ul className="map-tip__list">
              {group.tips.slice(0, TIPS_PER_PLACE).map((tip) => (
                <li key={`${tip.createdAt}|${tip.rating}|${tip.text}`}>
                  <p className="map-tip__text">{tip.text}</p>
                  <p className="map-tip__meta">
                    {t('tipRated', { rating: tip.rating })}
                    {tipDate(tip.createdAt, locale) ? ` · ${tipDate(tip.createdAt, locale)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
            {group.tips.length > TIPS_PER_PLACE ? (
              <p className="map-tip__meta">{t('tipsMore', { count: group.tips.length - TIPS_PER_PLACE })}</p>
            ) : null}
          </Popup>
        </LabelledMarker>
      ))}
    </>
  )
}
