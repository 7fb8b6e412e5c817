import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { setLanguage } from '../../i18n/language.ts'
import { server, unreachable } from '../../test/api.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { detectPosition, LocationError } from './geolocation.ts'
import { PlaceSearch } from './PlaceSearch.tsx'

describe('place search in Hindi and Marathi', () => {
  it('says its hint and its problems in Hindi', async () => {
    await setLanguage('hi')
    // Only the search's pause is faked: IndexedDB (asked for kept places when offline) runs on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    server.use(unreachable('geocodeSearch'))
    render(
      <I18nProvider i18n={i18n}>
        <PlaceSearch label="मंज़िल" value="" onTextChange={() => undefined} onChoose={() => undefined} />
      </I18nProvider>,
    )
    expect(screen.getByText('कम से कम 3 अक्षर लिखें, फिर सूची से जगह चुनें।')).toBeTruthy()
    expect(document.querySelector('[role="listbox"]')?.getAttribute('aria-label')).toBe('मंज़िल के सुझाव')
    fireEvent.change(screen.getByRole('combobox', { name: 'मंज़िल' }), { target: { value: 'Dadar' } })
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    // The fetch, a failed call's message, the look for kept places (nothing kept) and React's update.
    await vi.waitFor(
      () => expect(screen.getByText('जगह ढूँढने के लिए इंटरनेट चाहिए। इंटरनेट आने पर फिर से कोशिश करें।')).toBeTruthy(),
      { timeout: 5000 },
    )
  })

  it("a failed location is said in her language (Marathi), not in the browser's English", async () => {
    await setLanguage('mr')
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    const error = (await detectPosition().catch((e: unknown) => e)) as LocationError
    expect(error).toBeInstanceOf(LocationError)
    expect(error.alert).toBe('लोकेशन मिळाले नाही: लोकेशनची परवानगी दिली नाही')
    removeGeolocation()
    await setLanguage('hi')
    expect(((await detectPosition().catch((e: unknown) => e)) as LocationError).alert).toBe(
      'आपका ब्राउज़र लोकेशन नहीं बता सकता।',
    )
  })
})
