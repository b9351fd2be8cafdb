import { useEffect, useRef, type ReactNode } from 'react';
import { FormAlert, Honeypot, SelectField, Spinner, TextAreaField, TextField } from '@site/src/components/Form';
import {
  formatResponseTime,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_IDS,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_IDS,
  type SupportCategoryId,
  type SupportPriorityId,
} from '@site/src/data/support';
import { MAX } from '@site/src/schemas/limits';
import { useTicketForm } from '../_utils';
import Icon from '@site/src/components/Icon';
import styles from './TicketForm.module.css';

const CATEGORY_OPTIONS = SUPPORT_CATEGORY_IDS.map((id) => ({ value: id, label: SUPPORT_CATEGORIES[id].label }));
const PRIORITY_OPTIONS = SUPPORT_PRIORITY_IDS.map((id) => ({
  value: id,
  label: `${SUPPORT_PRIORITIES[id].label} (${formatResponseTime(SUPPORT_PRIORITIES[id].responseHours)})`,
}));

/** The ticket form and its success view; state and submission live in useTicketForm. */
export function TicketForm(): ReactNode {
  const form = useTicketForm();
  const { values: fields, errors, status } = form;
  const successHeading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const wasSuccess = useRef(false);

  // Move focus with the view change so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (status === 'success') successHeading.current?.focus();
    else if (wasSuccess.current) nameInput.current?.focus();
    wasSuccess.current = status === 'success';
  }, [status]);

  if (status === 'success' && form.result) {
    const { id, email, priority } = form.result;
    return (
      <div className={styles.success}>
        <span className={styles.successIcon}>
          <Icon name="checkCircle" size={32} />
        </span>
        <h3 ref={successHeading} tabIndex={-1} className={styles.successTitle}>
          Ticket created
        </h3>
        <p className={styles.ticketLabel}>Your ticket ID</p>
        <p className={styles.ticketId} data-testid="ticket-id">
          {id}
        </p>
        <p className={styles.successText}>
          We sent a confirmation to <strong>{email}</strong>. Based on its {SUPPORT_PRIORITIES[priority].label.toLowerCase()}{' '}
          priority, expect a response within {formatResponseTime(SUPPORT_PRIORITIES[priority].responseHours)}. Quote{' '}
          <span className={styles.nowrap}>{id}</span> in any follow-up.
        </p>
        <button type="button" className="button button--primary button--lg" onClick={form.reset}>
          Create Another Ticket
        </button>
      </div>
    );
  }

  const { submitting } = form;

  return (
    <form onSubmit={form.handleSubmit} onFocus={form.preload} noValidate aria-busy={submitting} aria-label="Create a support ticket">
      {form.error && <FormAlert kind="error">{form.error}</FormAlert>}
      <div className={styles.row}>
        <TextField ref={nameInput} id="support-name" label="Name" required autoComplete="name" maxLength={MAX.name} value={fields.name} error={errors.name} onChange={(e) => form.setValue('name', e.target.value)} />
        <TextField id="support-email" label="Email" type="email" required autoComplete="email" maxLength={MAX.email} value={fields.email} error={errors.email} onChange={(e) => form.setValue('email', e.target.value)} />
      </div>
      <TextField id="support-subject" label="Subject" required maxLength={MAX.subject} value={fields.subject} error={errors.subject} onChange={(e) => form.setValue('subject', e.target.value)} />
      <div className={styles.row}>
        <SelectField id="support-category" label="Category" required options={CATEGORY_OPTIONS} value={fields.category} error={errors.category} onChange={(e) => form.setValue('category', e.target.value as SupportCategoryId)} />
        <SelectField id="support-priority" label="Priority" required options={PRIORITY_OPTIONS} value={fields.priority} error={errors.priority} onChange={(e) => form.setValue('priority', e.target.value as SupportPriorityId)} />
      </div>
      <TextField id="support-account-id" label="Account ID" hint="Optional. Helps us find your account faster." maxLength={MAX.accountId} value={fields.accountId} error={errors.accountId} onChange={(e) => form.setValue('accountId', e.target.value)} />
      <TextAreaField id="support-message" label="Message" required rows={6} maxLength={MAX.message} placeholder="What happened, what you expected, and any request ids or error messages." value={fields.message} error={errors.message} onChange={(e) => form.setValue('message', e.target.value)} />
      <Honeypot value={fields.website} onChange={(v) => form.setValue('website', v)} />
      <div className={styles.formFooter}>
        <p className={styles.requiredNote}>
          <span aria-hidden="true">*</span> Required fields
        </p>
        <button type="submit" className="button button--primary button--lg" disabled={!form.canSubmit}>
          {submitting ? (
            <>
              <Spinner label="Submitting" /> Submitting...
            </>
          ) : (
            'Submit Ticket'
          )}
        </button>
      </div>
    </form>
  );
}
