import { describe, expect, it } from 'vitest'
import { onSosRequest, openSos, requestSos, type SosRequest } from './sosRequest.ts'

describe('sosRequest', () => {
  it('a request made before the sheet listens (the /sos address) reaches it when it does, once', () => {
    openSos()
    const heard: SosRequest[] = []
    const off = onSosRequest((request) => heard.push(request))
    expect(heard).toEqual([{}])
    requestSos({ message: 'Help', skipConfirm: true })
    expect(heard).toEqual([{}, { message: 'Help', skipConfirm: true }])
    off()
    const later: SosRequest[] = []
    const offLater = onSosRequest((request) => later.push(request))
    expect(later).toEqual([])
    offLater()
  })
})
