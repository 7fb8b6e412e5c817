import type { ReactNode } from 'react'
import { SupportBox } from '../features/contact/SupportBox.tsx'
import { LinkList, type ListedLink } from '../ui/LinkList.tsx'

const COMPANY: ListedLink[] = [
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/help', label: 'Help' },
]

const LEGAL: ListedLink[] = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
]

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <FooterSection id="footer-company" title="Company">
          <LinkList className="site-footer__links" links={COMPANY} />
        </FooterSection>
        <FooterSection id="footer-legal" title="Legal">
          <LinkList className="site-footer__links" links={LEGAL} />
        </FooterSection>
        <FooterSection id="footer-support" title="E-mail support" className="site-footer__support">
          <SupportBox />
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
