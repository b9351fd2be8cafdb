import { useEffect, useRef } from 'react';
import type { Plan } from '@site/src/data/plans';
import { TIMINGS } from '@site/src/data/timings';
import { CHECKOUT_COPY } from '@site/src/data/landing';
import type { CheckoutRequest, CheckoutResponse } from '@site/src/schemas';
import { preloadSchemasWhenIdle } from '@site/src/lib/lazySchemas';
import { postForm, useForm } from '@site/src/components/Form';

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const EMPTY = { customerName: '', customerEmail: '' };

/**
 * Spec §4: open (idle) → submitting → processing (status 'success': the payment page is
 * reached after TIMINGS.checkoutRedirectMs), or error with the form still open.
 */
export function useCheckout(plan: Plan, navigate: (url: string) => void, endpoint = '/api/checkout') {
  // One key per distinct order attempt: a double click or a retry after a lost answer replays
  // the first answer instead of recording a second order.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  // The modal is open: have the schemas ready by the time the form is submitted, but load them
  // after the dialog has been shown (see preloadSchemasWhenIdle).
  useEffect(preloadSchemasWhenIdle, []);

  return useForm<typeof EMPTY, CheckoutRequest, string>({
    schema: (s) => s.checkoutRequestSchema,
    initial: EMPTY,
    input: (values) => ({ planId: plan.id, ...values }),
    failedMessage: CHECKOUT_COPY.failedMessage,
    send: async (data) => {
      const body = JSON.stringify(data);
      if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
      const outcome = await postForm<CheckoutResponse, string>(endpoint, data, (answer) => (answer.success ? answer.checkoutUrl : undefined), {
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      if (outcome.ok) {
        const url = outcome.result;
        redirect.current = setTimeout(() => navigate(url), TIMINGS.checkoutRedirectMs);
      }
      return outcome;
    },
  });
}
