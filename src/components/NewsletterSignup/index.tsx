import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EXTERNAL_LINKS } from '@site/src/data';
import { NETWORK_ERROR_MESSAGE } from '@site/src/lib/postJson';
import { loadedSchemas, loadSchemas, preloadSchemas } from '@site/src/schemas/lazy';
import styles from './styles.module.css';

/**
 * Newsletter block of /blog. It makes no call to our API (the spec shows no newsletter call):
 * a valid address is handed to the external newsletter site, EXTERNAL_LINKS.newsletter, as
 * `?email=` in a new tab, where the reader confirms the subscription. Without JavaScript the
 * plain GET form still works; with it, the address is checked first and errors are shown inline.
 */
export default function NewsletterSignup(): ReactNode {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const [error, setError] = useState<string | null>(null);
  const [handedOff, setHandedOff] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const schemas = loadedSchemas();
    if (!schemas) {
      // Submitted before focusing the field (e.g. Enter straight after autofill): check the
      // address once the schemas are in, then submit again, still within the user's gesture.
      event.preventDefault();
      void loadSchemas().then(() => form.requestSubmit(), () => setError(NETWORK_ERROR_MESSAGE));
      return;
    }
    const input = form.elements.namedItem('email') as HTMLInputElement;
    const result = schemas.emailField('Email address').safeParse(input.value);
    if (!result.success) {
      event.preventDefault();
      setHandedOff(false);
      setError(result.error.issues[0]?.message ?? 'Please enter a valid email address');
      input.focus();
      return;
    }
    // Submit the trimmed address; the browser then opens the newsletter site in a new tab.
    input.value = result.data;
    setError(null);
    setHandedOff(true);
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
        onFocus={preloadSchemas}
      >
        <label htmlFor={inputId} className={styles.label}>
          Email address
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={() => error && setError(null)}
          />
          <button type="submit" className={`button button--primary ${styles.button}`}>
            Subscribe
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <p role="status" className={styles.status}>
          {handedOff ? 'Almost done: confirm your subscription in the newsletter tab we just opened.' : ''}
        </p>
      </form>
    </section>
  );
}
