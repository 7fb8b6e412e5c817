import { Link } from '@tanstack/react-router'
import { SupportBox } from '../features/contact/SupportBox.tsx'

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__title">
            Company
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/help">Help</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__title">
            Legal
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-support" className="site-footer__support">
          <h2 id="footer-support" className="site-footer__title">
            E-mail support
          </h2>
          <SupportBox />
        </section>
      </div>
      <p className="site-footer__copy">© {year} Wings</p>
    </footer>
  )
}
