import { useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { createPortal } from 'react-dom';
import { formatPrice, type Plan } from '@site/src/data/plans';
import { CHECKOUT_COPY as COPY } from '@site/src/data/landing';
import { FormAlert, Spinner, TextField } from '@site/src/components/Form';
import { useCheckout } from './useCheckout';
import { useDialog } from './useDialog';
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
  return createPortal(<CheckoutDialog key={plan.id} plan={plan} onClose={onClose} navigate={navigate} />, document.body);
}

function CheckoutDialog({ plan, onClose, navigate }: { plan: Plan; onClose: () => void; navigate: (url: string) => void }): ReactNode {
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus starts on the dialog itself: its name, the demo notice and the plan are read first,
  // and Tab then follows the visual order, Close (top right) before the fields.
  useDialog(dialogRef, onClose);
  const { customerName, customerEmail, setName, setEmail, status, error, errors, busy, submit } = useCheckout(plan, navigate);
  const titleId = 'checkout-title';

  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby="checkout-plan checkout-demo"
        tabIndex={-1}
        data-testid="checkout-modal"
      >
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close checkout">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M18 6L6 18M6 6l12 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className={styles.title}>
          {COPY.title}
        </h2>
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
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} aria-label={`Checkout for the ${plan.name} plan`}>
          {error && <FormAlert kind="error">{error}</FormAlert>}
          <fieldset disabled={status === 'processing'} className={styles.fields}>
            <TextField
              id="checkout-name"
              label="Full Name"
              required
              reserveError
              autoComplete="name"
              value={customerName}
              error={errors.customerName}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              id="checkout-email"
              label="Email Address"
              type="email"
              required
              reserveError
              autoComplete="email"
              inputMode="email"
              value={customerEmail}
              error={errors.customerEmail}
              onChange={(e) => setEmail(e.target.value)}
            />
          </fieldset>
          {/* Button and status share one grid cell: the status takes the button's place and size. */}
          <div className={styles.submitSlot}>
            <button
              type="submit"
              className={clsx('button button--primary button--lg button--block', styles.submit, status === 'processing' && styles.concealed)}
              disabled={busy}
            >
              {status === 'submitting' ? (
                <>
                  <Spinner label="Submitting" /> {COPY.submittingLabel}
                </>
              ) : (
                `${COPY.submitLabel} · ${formatPrice(plan)}${plan.period}`
              )}
            </button>
            {status === 'processing' && (
              <div className={styles.processing} role="status" data-testid="checkout-processing">
                <Spinner label="Processing payment" />
                <p>{COPY.processingMessage}</p>
              </div>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}
