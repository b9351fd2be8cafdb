import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';
import { CLAIMS } from '@site/src/data/claims';
import { SUPPORT_FAQ } from '@site/src/data/supportPage';
import { ContactChannels } from './_components/ContactChannels';
import { Faq } from './_components/Faq';
import { Resources } from './_components/Resources';
import { ResponseTimes } from './_components/ResponseTimes';
import { SupportStats } from './_components/SupportStats';
import { TicketForm } from './_components/TicketForm';
import styles from './styles.module.css';

export default function SupportPage(): ReactNode {
  return (
    <Layout title="Support" description="Reach the support team by phone, email or chat, or open a support ticket.">
      <main>
        <header className={styles.hero}>
          <div className="container">
            <p className={styles.eyebrow}>Support {CLAIMS.support}</p>
            <Heading as="h1" className={styles.heroTitle}>
              How can we help?
            </Heading>
            <p className={styles.heroLead}>
              Our engineers answer around the clock. Call, write or open a ticket, and we will get back to you within the
              time your priority promises.
            </p>
          </div>
        </header>
        <div className="container">
          <ContactChannels />
          <section id="ticket-form" className={styles.ticketLayout} aria-labelledby="ticket-form-title">
            <div className={styles.formCard}>
              <Heading as="h2" id="ticket-form-title" className={styles.sectionTitle}>
                Create a support ticket
              </Heading>
              <p className={styles.sectionLead}>Tell us what is going on. You will get a ticket ID right away and a confirmation by email.</p>
              <TicketForm />
            </div>
            <aside className={styles.aside}>
              <ResponseTimes />
              <Resources />
            </aside>
          </section>
          <SupportStats />
          <section id="faq" className={styles.section} aria-labelledby="faq-title">
            <Heading as="h2" id="faq-title" className={styles.sectionTitle}>
              Frequently asked questions
            </Heading>
            <Faq entries={SUPPORT_FAQ} />
          </section>
        </div>
      </main>
    </Layout>
  );
}
