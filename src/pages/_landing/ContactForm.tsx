import { useEffect, useRef, type ReactNode } from 'react';
import { FormAlert, Honeypot, Spinner, TextAreaField, TextField } from '@site/src/components/Form';
import { LANDING_CONTACT as COPY } from '@site/src/data/landing';
import Icon from '@site/src/components/Icon';
import { useContactForm } from './useContactForm';
import styles from './ContactForm.module.css';

export default function ContactForm(): ReactNode {
  const { values, setValue: set, status, error, errors, canSubmit, submitting: sending, handleSubmit, preload, reset } = useContactForm();
  const successRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const wasSuccess = useRef(false);

  // Move focus with the view change so keyboard and screen-reader users follow it.
  useEffect(() => {
    if (status === 'success') successRef.current?.focus();
    else if (wasSuccess.current) nameRef.current?.focus();
    wasSuccess.current = status === 'success';
  }, [status]);

  if (status === 'success') {
    return (
      <div ref={successRef} tabIndex={-1} className={styles.success} role="status">
        <span className={styles.successIcon}>
          <Icon name="check" size={28} />
        </span>
        <h3>{COPY.successTitle}</h3>
        <p>{COPY.successText}</p>
        <button type="button" className="button button--primary button--lg" onClick={reset}>
          {COPY.againLabel}
        </button>
      </div>
    );
  }

  // Disabled only for missing required fields (or while sending): say which, instead of a mute button.
  const missing = !sending && !canSubmit;
  return (
    <form className={styles.form} onSubmit={handleSubmit} onFocus={preload} noValidate aria-label="Contact sales" aria-busy={sending}>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <div className={styles.row}>
        <TextField ref={nameRef} id="contact-name" label="Name" required autoComplete="name" value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
        <TextField id="contact-email" label="Email" type="email" required autoComplete="email" value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />
      </div>
      <div className={styles.row}>
        <TextField id="contact-company" label="Company" autoComplete="organization" value={values.company} error={errors.company} onChange={(e) => set('company', e.target.value)} />
        <TextField id="contact-phone" label="Phone" type="tel" inputMode="tel" autoComplete="tel" value={values.phone} error={errors.phone} onChange={(e) => set('phone', e.target.value)} />
      </div>
      <TextAreaField id="contact-message" label="Message" required rows={4} value={values.message} error={errors.message} onChange={(e) => set('message', e.target.value)} />
      <Honeypot value={values.website} onChange={(v) => set('website', v)} />
      <div className={styles.submitRow}>
        <button type="submit" className="button button--primary button--lg" disabled={!canSubmit} aria-describedby={missing ? 'contact-send-hint' : undefined}>
          {sending && <Spinner label="Sending" />} {sending ? COPY.sendingLabel : COPY.sendLabel}
        </button>
        {missing && (
          <p id="contact-send-hint" className={styles.sendHint}>
            {COPY.sendHint}
          </p>
        )}
      </div>
    </form>
  );
}
