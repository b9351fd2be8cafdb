import type { ReactNode } from 'react';
import { SITE } from '@site/src/data/site';
import { LANDING_CONTACT as COPY, LANDING_SECTION_IDS as IDS } from '@site/src/data/landing';
import ContactForm from './ContactForm';
import Icon, { type IconName } from '@site/src/components/Icon';
import Section from './Section';
import styles from './Contact.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const INFO: { icon: IconName; label: string; value: string; href?: string }[] = [
  { icon: 'mail', label: 'Email sales', value: SITE.contact.salesEmail, href: `mailto:${SITE.contact.salesEmail}` },
  { icon: 'phone', label: 'Call us', value: SITE.contact.phone, href: telHref(SITE.contact.phone) },
  { icon: 'pin', label: 'Office', value: SITE.contact.address },
  { icon: 'clock', label: 'Hours', value: SITE.contact.hours },
];

export default function Contact(): ReactNode {
  return (
    <Section id={IDS.contact} title={COPY.title} lead={COPY.lead} eyebrow="Contact" tone="muted">
      <div className={styles.layout}>
        <aside className={styles.info} aria-label="Contact information">
          <ul>
            {INFO.map((item) => (
              <li key={item.label} className={styles.infoItem}>
                <span className={styles.infoIcon}>
                  <Icon name={item.icon} size={20} />
                </span>
                <span>
                  <span className={styles.infoLabel}>{item.label}</span>
                  {item.href ? <a href={item.href}>{item.value}</a> : <span>{item.value}</span>}
                </span>
              </li>
            ))}
          </ul>
          <p className={styles.infoPromise}>
            <Icon name="clock" size={18} />
            {COPY.responsePromise}
          </p>
        </aside>
        <div className={styles.formCard}>
          <ContactForm />
        </div>
      </div>
    </Section>
  );
}
