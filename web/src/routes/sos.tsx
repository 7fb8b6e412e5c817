import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { EMERGENCY_NUMBER } from '@wings/contract'
import { useEffect, useRef } from 'react'
import { HomePage } from '../features/home/HomePage.tsx'
import { openSos } from '../features/sos/sosRequest.ts'
import { useT } from '../features/sos-sheet/messages.ts'

interface SosSearch {
  /** The home-screen shortcut "Call 112" (a manifest may not hold a tel: URL): dial at once as well. */
  call?: typeof EMERGENCY_NUMBER
}

export const Route = createFileRoute('/sos')({
  validateSearch: (search: Record<string, unknown>): SosSearch =>
    String(search.call) === EMERGENCY_NUMBER ? { call: EMERGENCY_NUMBER } : {},
  component: Sos,
})

/** /sos: the home page with the SOS sheet open over it (the "SOS" shortcut, or a link she saved). */
function Sos() {
  const { call } = Route.useSearch()
  const navigate = useNavigate()
  const title = useT()('title')
  // Once per visit, also when React runs effects twice in development.
  const asked = useRef(false)

  useEffect(() => {
    document.title = `${title} · Wings`
  }, [title])

  useEffect(() => {
    if (asked.current) return
    asked.current = true
    openSos()
    if (!call) return
    // Opens the dialler with 112; the sheet's Call 112 stays there if the phone does not allow it without a tap.
    window.location.assign(`tel:${EMERGENCY_NUMBER}`)
    // A reload or Back must not dial again.
    void navigate({ to: '/sos', search: {}, replace: true })
  }, [call, navigate])

  return <HomePage />
}
