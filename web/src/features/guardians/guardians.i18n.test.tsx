import { screen } from '@testing-library/react'
import { invitedView } from '@wings/contract/testing'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { answer, server } from '../../test/api.ts'
import { testGuardian } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { GuardianPage } from './GuardianPage.tsx'
import { GuardiansPanel } from './GuardiansPanel.tsx'
import { guardianStateText, inviteText } from './invite.ts'
import { PushText } from './notifications.ts'

const TOKEN = 'g'.repeat(43)

describe('guardians in Hindi and Marathi', () => {
  it('shows the guardian accept page in Marathi', async () => {
    await setLanguage('mr')
    server.use(answer('guardianInvite', () => invitedView()))
    renderInApp(<GuardianPage token={TOKEN} />, `/g/${TOKEN}`)
    expect(await screen.findByText(/यांनी तुम्हाला Wings वर त्यांचे गार्डियन होण्यास सांगितले आहे\./)).toBeTruthy()
    expect(screen.getByText('Asha').tagName).toBe('STRONG')
    expect(screen.getByRole('heading', { name: 'तुम्हाला काय मिळेल' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'अलर्ट कसे मिळवायचे' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'या डिव्हाइसवर नोटिफिकेशन सुरू करा' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'पुष्टीचा ईमेल पाठवा' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'अलर्ट बंद करा' })).toBeTruthy()
    expect(screen.getByText(/112 ला कॉल करा\./)).toBeTruthy()
    expect(screen.queryByText(/What you will receive|Stop alerts/)).toBeNull()
  })

  it('shows the guardians panel in Hindi, signed out', async () => {
    await setLanguage('hi')
    renderInApp(<GuardiansPanel />, '/safety')
    expect(await screen.findByRole('heading', { name: 'गार्डियन' })).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'लॉग इन' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'साइन अप' })).toBeTruthy()
  })

  it('makes the invitation, the states and the notification problems in Hindi', async () => {
    await setLanguage('hi')
    expect(inviteText('Asha Patil', 'https://x/g/T')).toBe(
      [
        'Asha ने आपसे Wings पर अपना गार्डियन बनने को कहा है।',
        'अगर वे SOS दबाएँ या चेक-इन छोड़ दें, तो आपको उनकी लोकेशन के साथ अलर्ट मिलेगा। किसी अकाउंट या ऐप की ज़रूरत नहीं।',
        'अलर्ट कैसे पाना है, यह चुनने के लिए यह लिंक खोलें: https://x/g/T',
      ].join('\n'),
    )
    expect(guardianStateText(testGuardian(1, { state: 'active', push: true, email: true }))).toBe(
      'नोटिफ़िकेशन चालू, ईमेल की पुष्टि हुई',
    )
    expect(PushText.blocked).toMatch(/^इस ब्राउज़र में Wings के नोटिफ़िकेशन बंद हैं।/)
  })
})
