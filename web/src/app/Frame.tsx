import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import { ChatButton } from '../features/chat/ChatButton.tsx'
import { ShareRunner } from '../features/share/ShareRunner.tsx'
import { SosSheet } from '../features/sos/SosSheet.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { SyncStatus } from './SyncStatus.tsx'

/** The shared frame of every screen: skip link, header, main, footer and the chat button. */
export function Frame({ children }: { children: ReactNode }) {
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
        Skip to content
      </a>
      <Header />
      <SyncStatus />
      <main id="main" ref={main} tabIndex={-1} className="main">
        {children}
      </main>
      <Footer />
      <ChatButton />
      <SosSheet />
      <ShareRunner />
    </div>
  )
}

/** A screen's heading and document title. */
export function Page({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  useEffect(() => {
    document.title = `${title} · Wings`
  }, [title])
  return (
    <div className={`page ${className ?? ''}`}>
      <h1 className="page__title">{title}</h1>
      {children}
    </div>
  )
}

/** A screen that a later version of Wings builds: its real URL and heading, and an honest note. */
export function NotYet({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="not-yet">
        This part of Wings is not available yet. It is being built and will come in a later version.
      </p>
    </Page>
  )
}
