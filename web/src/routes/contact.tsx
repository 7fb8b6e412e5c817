import { createFileRoute } from '@tanstack/react-router'
import { ContactForm } from '../features/contact/ContactForm.tsx'
import { useT } from '../features/contact/messages.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/contact')({ component: Contact })

function Contact() {
  const t = useT()
  return (
    <Page title={t('title')} className="contact">
      <div className="contact__grid">
        <section className="contact__intro" aria-labelledby="contact-headline">
          <h2 id="contact-headline" className="contact__headline">
            {t('headline')}
          </h2>
          <ul className="contact__points">
            <li>{t('point1')}</li>
            <li>{t('point2')}</li>
            <li>{t('point3')}</li>
          </ul>
        </section>
        <section className="contact__form card" aria-label={t('formLabel')}>
          <ContactForm />
        </section>
      </div>
    </Page>
  )
}
