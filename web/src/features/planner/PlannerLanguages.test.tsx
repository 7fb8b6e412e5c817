import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { notFound, server } from '../../test/api.ts'
import { foundRoute } from '../../test/fixtures.ts'
import { removeGeolocation } from '../../test/geolocation.ts'
import { alertingScreenEachTest } from '../../test/hooks.ts'
import { renderInApp } from '../../test/render.tsx'
import { differenceText } from './compare.ts'
import { scoredForText } from './leaveAt.ts'
import { PlannerPage } from './PlannerPage.tsx'
import { RouteCard } from './RouteCard.tsx'
import { knownReason } from './reasons.ts'

vi.mock('../map/OfflineMaps.tsx', () => ({ default: () => null }))

const REASONS = [
  '2 reported incidents nearby',
  '420 m without street lights',
  '1.2 km of quiet, empty streets',
  '1 shop or café on this route is closed by 23:00',
  'Mostly lit streets',
]

const card = (index = 1) => {
  const first = foundRoute({ label: 'Fastest', safetyScore: 55 })
  const route = foundRoute({
    label: 'Safest',
    labels: ['Safest', 'Balanced'],
    safetyScore: 61,
    summary: { distance: 1456, duration: 1500 },
    safety: { ...(first.safety as NonNullable<typeof first.safety>), reasons: REASONS, litStreets: 4 },
  })
  renderInApp(
    <RouteCard
      route={route}
      index={index}
      first={first}
      mode="foot"
      scoredAt="2025-03-01T22:30:00"
      chosen={false}
      onChoose={() => undefined}
      selected={false}
      onSelect={() => undefined}
    />,
    '/routeplanner',
  )
}

describe('the planner in Hindi and Marathi', () => {
  const alertMock = alertingScreenEachTest()
  beforeEach(() => {
    removeGeolocation()
    server.use(notFound('region'))
  })

  it('shows the form in Hindi, and says in Hindi what is missing', async () => {
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<PlannerPage />, '/routeplanner')
    expect(await screen.findByRole('combobox', { name: 'शुरुआत' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'मंज़िल' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'पैदल' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'कैसे जाएँगी' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'अभी निकल रही हूँ' })).toBeTruthy()
    expect(screen.getByText('शुरुआत और मंज़िल चुनें, फिर रास्ते दिखाएँ दबाएँ।')).toBeTruthy()
    // Her browser cannot locate her: said in Hindi (the message is made outside React).
    expect(await screen.findByText('आपका ब्राउज़र लोकेशन नहीं बता सकता। शुरुआत की जगह लिखकर सूची से चुनें।')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'सुरक्षा स्कोर कैसे बनता है' }).getAttribute('href')).toBe('/routecalculation')
    await user.click(screen.getByRole('button', { name: 'रास्ते दिखाएँ' }))
    expect(screen.getByText('कृपया शुरुआत और मंज़िल, दोनों चुनें।')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'शुरुआत' }))
    expect(alertMock).not.toHaveBeenCalled()
  })

  it('shows the form in Marathi', async () => {
    await setLanguage('mr')
    renderInApp(<PlannerPage />, '/routeplanner')
    expect(await screen.findByRole('combobox', { name: 'सुरुवात' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'पोहोचायचे ठिकाण' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'माझे आत्ताचे लोकेशन वापरा' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'सायकल' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'मार्ग दाखवा' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'मार्ग' })).toBeTruthy()
  })

  it('a route card and its reasons in Hindi', async () => {
    await setLanguage('hi')
    card()
    const article = await screen.findByRole('article', { name: 'रास्ता 2' })
    const inCard = within(article)
    expect(inCard.getByText('सबसे सुरक्षित')).toBeTruthy()
    expect(inCard.getByText('संतुलित')).toBeTruthy()
    expect(inCard.getByText('दूरी')).toBeTruthy()
    expect(inCard.getByText('सुरक्षा स्कोर')).toBeTruthy()
    expect(inCard.getByText('22:30 के लिए स्कोर, अँधेरे में')).toBeTruthy()
    const reasons = inCard.getByRole('list', { name: 'रास्ता 2 का स्कोर 61 क्यों है' })
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'पास में 2 घटनाओं की रिपोर्ट',
      'रास्ते के 420 मीटर हिस्से में स्ट्रीट लाइट नहीं',
      'रास्ते के 1.2 किमी हिस्से में सड़कें शांत, सुनसान',
      'इस रास्ते की 1 दुकान या कैफ़े 23:00 तक बंद हो जाता है',
      'ज़्यादातर सड़कों पर रोशनी',
    ])
    expect(inCard.getByText(/^रास्ता 1 के मुकाबले: .*6 पॉइंट ज़्यादा सुरक्षित, रोशनी वाली 2 सड़कें ज़्यादा।$/)).toBeTruthy()
    expect(inCard.getByRole('button', { name: 'रास्ता 2 नक्शे पर देखें' })).toBeTruthy()
    expect(inCard.getByRole('button', { name: 'रास्ता 2 चुनें' })).toBeTruthy()
  })

  it('a route card and its reasons in Marathi', async () => {
    await setLanguage('mr')
    card()
    const article = await screen.findByRole('article', { name: 'मार्ग 2' })
    const inCard = within(article)
    expect(inCard.getByText('सर्वात सुरक्षित')).toBeTruthy()
    expect(inCard.getByText('सुरक्षितता स्कोअर')).toBeTruthy()
    expect(inCard.getByText('22:30 साठी स्कोअर, अंधार पडल्यावर')).toBeTruthy()
    const reasons = inCard.getByRole('list', { name: 'मार्ग 2 चा स्कोअर 61 का आहे' })
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'जवळपास 2 घटनांच्या तक्रारी',
      'मार्गाच्या 420 मीटर भागात दिवे नाहीत',
      'मार्गाच्या 1.2 किमी भागात शांत, ओस रस्ते',
      'या मार्गावरचे 1 दुकान किंवा कॅफे 23:00 पर्यंत बंद होते',
      'बहुतेक रस्त्यांवर दिवे',
    ])
    expect(inCard.getByRole('button', { name: 'मार्ग 2 निवडा' })).toBeTruthy()
  })

  it('texts made outside React follow her language', async () => {
    await setLanguage('hi')
    expect(scoredForText('2025-03-01T12:00:00')).toBe('12:00 के लिए स्कोर, दिन के उजाले में')
    const first = foundRoute()
    expect(differenceText(first, 0, first)).toBe('सबसे जल्दी पहुँचाने वाला रास्ता: बाकी रास्तों की तुलना इसी से है।')
  })
})

/**
 * Every reason @wings/safety's routeSafetySummary (and the server's "nothing notable") can give, read from their
 * source: each template's placeholders filled with sample values. A new reason there fails here until it has a
 * message in every language.
 */
function everyReason(): string[] {
  const here = dirname(fileURLToPath(import.meta.url))
  const source = readFileSync(join(here, '../../../../packages/safety/src/reasons.ts'), 'utf8')
  const body = source.slice(
    source.indexOf('const concerns'),
    source.indexOf('return {', source.indexOf('const concerns')),
  )
  const samples: Record<string, string> = {
    incidents: '3',
    nightIncidents: '2',
    closed: '4',
    hour: '23:00',
    'BAND_HOURS.night': '23',
    'BAND_HOURS.evening': '20',
  }
  const fill = (text: string) =>
    text.replace(/\$\{([^}]+)\}/g, (_, expression: string) =>
      expression.startsWith('formatDistance(') ? '420 m' : (samples[expression] ?? `<${expression}>`),
    )
  const found = new Set<string>()
  for (const [, quoted] of body.matchAll(/'([^'\n]+)'|`([^`\n]+)`/g)) if (quoted) found.add(quoted)
  for (const [, , template] of body.matchAll(/'([^'\n]+)'|`([^`\n]+)`/g)) if (template) found.add(fill(template))
  // Not reasons: the period names compared with and the hour built for the closed places.
  for (const word of ['day', 'night', 'evening', "<period === 'night' ? BAND_HOURS.night : BAND_HOURS.evening>:00"])
    found.delete(word)
  const scoring = readFileSync(join(here, '../../../../packages/area-bundle/src/score-route.ts'), 'utf8')
  const nothing = /NO_NOTABLE_REASON = '([^']+)'/.exec(scoring)?.[1]
  if (!nothing) throw new Error('NO_NOTABLE_REASON is no longer in score-route.ts: read it from where it went')
  found.add(nothing)
  found.add('1.2 km without a footpath')
  return [...found]
}

describe("the model's reasons", () => {
  const reasons = everyReason()
  it('are all found in the sources', () => {
    expect(reasons.length).toBeGreaterThanOrEqual(20)
  })
  for (const language of ['en', 'hi', 'mr'] as const) {
    it(`each has a message in ${language}`, async () => {
      await setLanguage(language)
      for (const reason of reasons) {
        const text = knownReason(reason)
        expect(text, reason).not.toBeNull()
        if (language === 'en') expect(text, reason).toBe(reason)
        else expect(text, reason).not.toBe(reason)
      }
    })
  }
})
