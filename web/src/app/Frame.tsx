import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import { ChatButton } from '../features/chat/ChatButton.tsx'
import { FakeCallMount } from '../features/fake-call/FakeCallMount.tsx'
import { ShakeWatch } from '../features/shake/ShakeWatch.tsx'
import { ShareRunner } from '../features/share/ShareRunner.tsx'
import { SosSheet } from '../features/sos-sheet/SosSheet.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { useT } from './messages.ts'
import { SyncStatus } from './SyncStatus.tsx'

/** The shared frame of every screen: skip link, header, main, footer and the chat button. */
export function Frame({ children }: { children: ReactNode }) {
  const t = useT()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)

  // After a client-side navigation, move focus to the new screen so keyboard and screen-reader users follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    main.current?.focus({ preventScroll: true })
    window.scrollTo?.(0, 0)
  }, [pathname])

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <SyncStatus />
      <main id="main" ref={main} tabIndex={-1} className="main">
        {children}
      </main>
      <Footer />
      <ChatButton />
      <SosSheet />
      <ShakeWatch />
      <ShareRunner />
      <FakeCallMount />
    </div>
  )
}
