import { lazy, type ReactNode, Suspense, useRef } from 'react'
import { LinkList, type ListedLink } from '../ui/LinkList.tsx'
import { useNearViewport } from '../ui/useNearViewport.ts'
import { useT } from './messages.ts'

export function Footer() {
  const t = useT()
  const year = new Date().getFullYear()
  const company: ListedLink[] = [
    { to: '/about', label: t('footerAbout') },
    { to: '/blog', label: t('footerBlog') },
    { to: '/contact', label: t('footerContact') },
    { to: '/help', label: t('footerHelp') },
  ]
  const legal: ListedLink[] = [
    { to: '/terms', label: t('footerTerms') },
    { to: '/privacy', label: t('footerPrivacy') },
  ]
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <FooterSection id="footer-company" title={t('footerCompany')}>
          <LinkList className="site-footer__links" links={company} />
        </FooterSection>
        <FooterSection id="footer-legal" title={t('footerLegal')}>
          <LinkList className="site-footer__links" links={legal} />
        </FooterSection>
        <FooterSection id="footer-support" title={t('footerSupport')} className="site-footer__support">
          <SupportWhenNear />
        </FooterSection>
      </div>
      <p className="site-footer__copy">© {year} Wings</p>
    </footer>
  )
}

function FooterSection({
  id,
  title,
  className,
  children,
}: {
  id: string
  title: string
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="site-footer__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

const SupportBox = lazy(() => import('../features/contact/SupportBox.tsx').then((m) => ({ default: m.SupportBox })))

/** The support box, fetched as she scrolls towards the footer: the first screen does not wait for it. */
function SupportWhenNear() {
  const place = useRef<HTMLDivElement>(null)
  const near = useNearViewport(place)
  return (
    <div ref={place} className="site-footer__support-box">
      {near ? (
        <Suspense fallback={null}>
          <SupportBox />
        </Suspense>
      ) : null}
    </div>
  )
}
