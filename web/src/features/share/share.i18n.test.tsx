import { render, screen } from '@testing-library/react'
import type { ShareView } from '@wings/contract'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { answer, server } from '../../test/api.ts'
import { emptyDbEachTest } from '../../test/hooks.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { CheckInPanel } from './CheckInPanel.tsx'
import { checkInMessage } from './checkInRecipients.ts'
import { checkInWarning, missedCheckInMessage } from './checkInTimer.ts'
import { alertedText } from './checkInWatchers.ts'
import { agoText, clockText, minutesSpan } from './format.ts'
import { LiveSharePanel } from './LiveSharePanel.tsx'
import { stoppedText } from './session.ts'
import { bannerText, shareTruth } from './shareStatus.ts'
import { I18n, session, shareServer, TOKEN } from './testing.ts'
import { ViewerPage } from './ViewerPage.tsx'

vi.mock('../map/MapView.tsx', () => ({
  default: (props: { label: string }) => <section aria-label={props.label} />,
}))

const DEADLINE = new Date(2026, 2, 1, 21, 30).toISOString()

describe('live location in Hindi and Marathi', () => {
  emptyDbEachTest()
  beforeEach(async () => {
    await clearDb()
  })

  it('shows the live share panel in Hindi', async () => {
    await setLanguage('hi')
    shareServer()
    render(<LiveSharePanel />, { wrapper: I18n })
    expect(await screen.findByRole('heading', { name: 'मेरी लाइव लोकेशन शेयर करें' })).toBeTruthy()
    expect(await screen.findByRole('group', { name: 'कितनी देर के लिए' })).toBeTruthy()
    for (const label of ['15 मिनट', '1 घंटा', '4 घंटे']) expect(screen.getByRole('radio', { name: label })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'लाइव लोकेशन शेयर करें' })).toBeTruthy()
    expect(screen.queryByText(/Share my live location|For how long/)).toBeNull()
  })

  it('shows the check-in panel in Marathi', async () => {
    await setLanguage('mr')
    shareServer(() => undefined, ['guardians'])
    renderInApp(<CheckInPanel />)
    expect(await screen.findByRole('heading', { name: 'चेक-इन टायमर' })).toBeTruthy()
    for (const label of ['15 मिनिटे', '30 मिनिटे', '1 तास']) {
      expect(await screen.findByRole('button', { name: label })).toBeTruthy()
    }
    expect(screen.getByRole('button', { name: 'चेक-इन सुरू करा' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'मी इतक्या वाजेपर्यंत पोहोचेन' })).toBeTruthy()
    expect(screen.getByText(/Wings इमर्जन्सी SOS उघडेल\./)).toBeTruthy()
    expect(screen.queryByText(/Check-in timer|Start check-in/)).toBeNull()
  })

  it('shows the viewer page in Hindi, with the age and distance in Hindi and Latin digits', async () => {
    await setLanguage('hi')
    const updatedAt = new Date(Date.now() - 2 * 60_000).toISOString()
    const expiresAt = new Date(Date.now() + 40 * 60_000).toISOString()
    const view: ShareView = { lat: 18.956, lon: 72.8156, accuracy: 1500, updatedAt, expiresAt, active: true }
    server.use(answer('shareView', () => view))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByRole('region', { name: 'आख़िरी मालूम लोकेशन' })).toBeTruthy()
    expect(screen.getByText('कोई Wings के ज़रिए आपके साथ अपनी लाइव लोकेशन शेयर कर रहा है।')).toBeTruthy()
    expect(screen.getByText(`${clockText(updatedAt)} पर अपडेट हुई (2 मिनट पहले)`)).toBeTruthy()
    expect(screen.getByText('सटीकता: लगभग 1.5 किमी के अंदर')).toBeTruthy()
    expect(screen.getByText(`${clockText(expiresAt)} तक शेयर हो रही है`)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'दूसरे मैप ऐप में खोलें' })).toBeTruthy()
  })

  it('makes the texts outside the screens in Hindi: messages she sends, the warning, the banner', async () => {
    await setLanguage('hi')
    const time = clockText(DEADLINE)
    expect(missedCheckInMessage({ deadline: DEADLINE, destination: 'दादर' })).toBe(
      `मैंने ${time} तक दादर पहुँचकर चेक-इन नहीं किया। मुझे मदद की ज़रूरत हो सकती है। मेरी आख़िरी लोकेशन:`,
    )
    expect(checkInMessage({ deadline: DEADLINE }, 'https://x/s/T')).toBe(
      `मुझे ${time} तक चेक-इन करना है। Wings पर मेरी लाइव लोकेशन देखें, अगर मैं चेक-इन न करूँ तो यह दिखा देगा: https://x/s/T`,
    )
    expect(checkInWarning({ deadline: DEADLINE }).title).toBe(`${time} पर चेक-इन करना है`)
    expect(stoppedText({ told: true })).toBe('शेयरिंग बंद हो गई।')
    expect(minutesSpan(225)).toBe('3 घंटे 45 मिनट')
    expect(alertedText(3)).toContain('इन 3 गार्डियन')
    expect(agoText(0, 5 * 3_600_000, 'hi-IN')).toBe('5 घंटे पहले')
    const running = session({ lastSentAt: new Date().toISOString() })
    expect(bannerText(shareTruth(running, null))).toBe(`${clockText(running.expiresAt)} तक लोकेशन शेयर हो रही है`)
  })

  it('makes the Marathi check-in SOS message with Latin digits', async () => {
    await setLanguage('mr')
    expect(missedCheckInMessage({ deadline: DEADLINE })).toBe(
      `मी ${clockText(DEADLINE)} पर्यंत चेक-इन केले नाही. मला मदतीची गरज असू शकते. माझे शेवटचे लोकेशन:`,
    )
    expect(agoText(0, 2 * 60_000, 'mr-IN-u-nu-latn')).toMatch(/^2 /)
  })
})
