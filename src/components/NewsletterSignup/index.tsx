import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { EXTERNAL_LINKS } from '@site/src/data';
import { TextField, useForm } from '@site/src/components/Form';
import type { NewsletterRequest } from '@site/src/schemas/newsletter';
import { loadedSchemas } from '@site/src/lib/lazySchemas';
import styles from './styles.module.css';

const EMPTY = { email: '' };

/**
 * Newsletter block of /blog. It makes no call to our API (the spec shows no newsletter call):
 * a valid address is handed to the external newsletter site, EXTERNAL_LINKS.newsletter, as
 * `?email=` in a new tab, where the reader confirms the subscription. Without JavaScript the
 * plain GET form still works; with it, the address is checked first and errors are shown inline.
 */
export default function NewsletterSignup(): ReactNode {
  const id = useId();
  const inputId = `${id}-email`;
  const [handedOff, setHandedOff] = useState(false);
  // The "send" is the browser's own submission of the form (a new tab), so it only has to succeed.
  const form = useForm<typeof EMPTY, NewsletterRequest>({
    schema: (s) => s.newsletterSchema,
    initial: EMPTY,
    failedMessage: 'Please enter a valid email address',
    send: async () => ({ ok: true, result: true }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const element = event.currentTarget;
    const data = form.check();
    if (data) {
      // Submit the trimmed address; the browser then opens the newsletter site in a new tab.
      flushSync(() => form.setValue('email', data.email));
      setHandedOff(true);
      return;
    }
    event.preventDefault();
    setHandedOff(false);
    if (loadedSchemas()) {
      document.getElementById(inputId)?.focus();
      return;
    }
    // Submitted before the schemas were in (e.g. Enter straight after autofill): check the
    // address once they are, then submit again, still within the user's gesture.
    void form.submit().then((outcome) => {
      if (outcome?.ok) element.requestSubmit();
      else document.getElementById(inputId)?.focus();
    });
  }

  return (
    <section className={styles.block} aria-labelledby={`${id}-title`}>
      <div className={styles.text}>
        <h2 id={`${id}-title`} className={styles.title}>
          Stay in the loop
        </h2>
        <p className={styles.lead}>
          One email a month: new API features, Xero integration tips and compliance updates. No spam; unsubscribe with one
          click.
        </p>
      </div>
      <form
        className={styles.form}
        action={EXTERNAL_LINKS.newsletter}
        method="get"
        target="_blank"
        rel="noopener noreferrer"
        noValidate
        onSubmit={onSubmit}
        onFocus={form.preload}
      >
        <TextField
          id={inputId}
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          className={styles.input}
          value={form.values.email}
          error={form.errors.email ?? form.error ?? undefined}
          onChange={(e) => form.setValue('email', e.target.value)}
          trailing={
            <button type="submit" className={`button button--primary ${styles.button}`}>
              Subscribe
            </button>
          }
        />
        <p role="status" className={styles.status}>
          {handedOff ? 'Almost done: confirm your subscription in the newsletter tab we just opened.' : ''}
        </p>
      </form>
    </section>
  );
}
