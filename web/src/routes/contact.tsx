import { createFileRoute } from '@tanstack/react-router'
import { ContactForm } from '../features/contact/ContactForm.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/contact')({ component: Contact })

function Contact() {
  return (
    <Page title="Contact us" className="contact">
      <div className="contact__grid">
        <section className="contact__intro" aria-labelledby="contact-headline">
          <h2 id="contact-headline" className="contact__headline">
            Reach out and connect
          </h2>
          <ul className="contact__points">
            <li>Schedule a call or a demo of Wings for your group or organisation.</li>
            <li>Learn about careers and how to work with us.</li>
            <li>Ask general questions about Wings and women’s safety.</li>
          </ul>
        </section>
        <section className="contact__form card" aria-label="Contact form">
          <ContactForm />
        </section>
      </div>
    </Page>
  )
}
