import type { ReactNode } from 'react';
import clsx from 'clsx';
import { formatPrice, type Plan } from '@site/src/data/plans';
import { CHECKOUT_COPY as COPY } from '@site/src/data/landing';
import Dialog from '@site/src/components/Dialog';
import { FormAlert, Spinner, TextField } from '@site/src/components/Form';
import { useCheckout } from './useCheckout';
import styles from './styles.module.css';

interface Props {
  /** The chosen plan; null keeps the modal closed. */
  plan: Plan | null;
  onClose: () => void;
  /** Where the browser goes on success; a full navigation by default. Tests pass a spy. */
  navigate?: (url: string) => void;
}

const browserNavigate = (url: string) => window.location.assign(url);

/** Checkout for one plan (spec §4). Keyed by plan so each opening starts with an empty form. */
export default function CheckoutModal({ plan, onClose, navigate = browserNavigate }: Props): ReactNode {
  if (!plan) return null;
  return <CheckoutDialog key={plan.id} plan={plan} onClose={onClose} navigate={navigate} />;
}

function CheckoutDialog({ plan, onClose, navigate }: { plan: Plan; onClose: () => void; navigate: (url: string) => void }): ReactNode {
  const form = useCheckout(plan, navigate);
  const { values, errors, error, status } = form;
  // Processing: the order is placed and the payment page is on its way.
  const processing = status === 'success';
  const busy = form.submitting || processing;

  return (
    <Dialog
      open
      onClose={onClose}
      title={COPY.title}
      closeLabel="Close checkout"
      className={styles.dialog}
      aria-describedby="checkout-plan checkout-demo"
      data-testid="checkout-modal"
    >
      <p id="checkout-demo" className={styles.demo}>
        {COPY.demoNotice}
      </p>

      <section id="checkout-plan" className={styles.plan} aria-label="Selected plan">
        <div className={styles.planHead}>
          <h3 className={styles.planName}>{plan.name}</h3>
          <p className={styles.planPrice}>
            <strong>{formatPrice(plan)}</strong>
            <span>{plan.period}</span>
          </p>
        </div>
        <ul className={styles.features}>
          {plan.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>

      {/* The form stays while processing (fields locked) and errors have reserved room, so the
          dialog keeps its size from first paint to the redirect. */}
      <form onSubmit={busy ? (e) => e.preventDefault() : form.handleSubmit} noValidate aria-busy={busy} aria-label={`Checkout for the ${plan.name} plan`}>
        {error && <FormAlert kind="error">{error}</FormAlert>}
        <fieldset disabled={processing} className={styles.fields}>
          <TextField
            id="checkout-name"
            label="Full Name"
            required
            reserveError
            autoComplete="name"
            value={values.customerName}
            error={errors.customerName}
            onChange={(e) => form.setValue('customerName', e.target.value)}
          />
          <TextField
            id="checkout-email"
            label="Email Address"
            type="email"
            required
            reserveError
            autoComplete="email"
            inputMode="email"
            value={values.customerEmail}
            error={errors.customerEmail}
            onChange={(e) => form.setValue('customerEmail', e.target.value)}
          />
        </fieldset>
        {/* Button and status share one grid cell: the status takes the button's place and size. */}
        <div className={styles.submitSlot}>
          <button
            type="submit"
            className={clsx('button button--primary button--lg button--block', styles.submit, processing && styles.concealed)}
            disabled={busy}
          >
            {form.submitting ? (
              <>
                <Spinner label="Submitting" /> {COPY.submittingLabel}
              </>
            ) : (
              `${COPY.submitLabel} · ${formatPrice(plan)}${plan.period}`
            )}
          </button>
          {processing && (
            <div className={styles.processing} role="status" data-testid="checkout-processing">
              <Spinner label="Processing payment" />
              <p>{COPY.processingMessage}</p>
            </div>
          )}
        </div>
      </form>
    </Dialog>
  );
}
