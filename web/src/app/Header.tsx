import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import logo from '../assets/logo.svg'
import { useAuth } from '../features/auth/AuthProvider.tsx'
import { LanguageSwitcher } from '../features/language/index.ts'
import { QuickExitButton } from '../features/quick-exit/QuickExitButton.tsx'
import { ShareBanner } from '../features/share/ShareBanner.tsx'
import { SosButton } from '../features/sos/SosButton.tsx'
import { useT } from './messages.ts'

// Only a signed-in user has it (her greeting, avatar and logout): it comes with her account, not the first screen.
const Account = lazy(() => import('./Account.tsx').then((m) => ({ default: m.Account })))

const LINKS = [
  { to: '/blog', label: 'navBlog' },
  { to: '/contact', label: 'navContact' },
  { to: '/help', label: 'navHelp' },
  { to: '/safety', label: 'navSafety' },
  { to: '/routeplanner', label: 'navRoutePlanner' },
  { to: '/report', label: 'navReport' },
] as const

const MD = '(min-width: 900px)'

export function Header() {
  const t = useT()
  const { user } = useAuth()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const pathname = useRouterState({ select: (s) => s.location.pathname })

  // A new screen closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setOpen(false)
  }, [pathname])

  // Opening moves focus into the menu; widening the window past md closes it.
  useEffect(() => {
    if (!open) return
    panel.current?.querySelector<HTMLElement>('a, button')?.focus()
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(MD) : null
    const onWide = () => {
      if (wide?.matches) setOpen(false)
    }
    wide?.addEventListener?.('change', onWide)
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => {
      wide?.removeEventListener?.('change', onWide)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      // Escape closes the menu (and does not leave the app).
      event.preventDefault()
      setOpen(false)
      toggle.current?.focus()
    }
  }

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="brand" aria-label={t('homeLabel')}>
          <img src={logo} alt="" width={36} height={36} />
          <span className="brand__name">Wings</span>
        </Link>
        <div className="site-header__actions">
          <QuickExitButton />
          <SosButton />
        </div>
        <nav aria-label={t('mainNav')} className="nav" onKeyDown={onKeyDown}>
          <button
            ref={toggle}
            type="button"
            className="nav__toggle"
            aria-label={t('menu')}
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              {open ? (
                <path
                  fill="currentColor"
                  d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
                />
              ) : (
                <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
              )}
            </svg>
          </button>
          <div
            ref={panel}
            id="main-menu"
            className={`nav__panel${open ? ' nav__panel--open' : ''}`}
            data-escape-layer={open ? 'open' : undefined}
          >
            <ul className="nav__links">
              {LINKS.map((l) => (
                <li key={l.to}>
                  <Link
                    to={l.to}
                    className="nav__link"
                    activeProps={{ className: 'nav__link nav__link--active', 'aria-current': 'page' }}
                  >
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="nav__account">
              <LanguageSwitcher />
              {user ? (
                <Suspense fallback={null}>
                  <Account user={user} />
                </Suspense>
              ) : (
                <Link to="/login" className="btn btn--secondary btn--sm">
                  {t('login')}
                </Link>
              )}
            </div>
          </div>
        </nav>
      </div>
      <ShareBanner />
    </header>
  )
}
