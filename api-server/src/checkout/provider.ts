import { randomId } from '../random';
import type { OrderRecord } from './store';

/** What a provider answers when a payment session is opened. */
export interface PaymentSession {
  sessionId: string;
  /** Where the browser goes next: the provider's hosted payment page, or our /success page. */
  checkoutUrl: string;
  /**
   * True when the customer must act on the provider's hosted page first (a real card form);
   * the provider's webhook then confirms. False when the payment can be confirmed at once.
   */
  requiresCustomerAction: boolean;
}

/**
 * The seam to a payment processor, shaped like a card payment: open a session (authorize),
 * confirm it (capture), or fail it (void). A real processor (Stripe Checkout, Adyen...) would
 * answer requiresCustomerAction and confirm from its webhook; the service and the order store
 * do not change.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * True for a processor outside this process (any real one): each step of an order is then on
   * disk before the processor hears of the next, so a crash never leaves a charge we hold no
   * record of. False for one that keeps nothing outside our database (the demo): every step
   * then runs in one transaction, with its calls inside it, so such a provider must answer at
   * once, never wait on the network or a timer (the database's writes would wait with it).
   */
  readonly remote: boolean;
  createSession(order: OrderRecord): Promise<PaymentSession>;
  /**
   * Captures the payment of an open session; throws when the processor declines. Must be
   * idempotent per session (a real processor's capture with the session as idempotency key):
   * a retry after a failure or crash confirms the same session again and is charged once.
   */
  confirm(sessionId: string): Promise<void>;
  /** Voids an open session, e.g. when we could not record its outcome. */
  fail(sessionId: string, reason: string): Promise<void>;
}

/** The /success address the browser lands on; relative so it works on any host. */
export function successUrl(order: Pick<OrderRecord, 'id' | 'planId' | 'customerName'>): string {
  return `/success?plan=${encodeURIComponent(order.planId)}&name=${encodeURIComponent(order.customerName)}&order=${encodeURIComponent(order.id)}`;
}

/**
 * The demo payment system the site is labelled with: it moves no money. There is no card form,
 * so a session is confirmed at once and the customer goes straight to the success page.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';
  // One transaction per checkout (issue 28): nobody outside learns of a step before the last.
  readonly remote: boolean = false;

  async createSession(order: OrderRecord): Promise<PaymentSession> {
    return { sessionId: `demo_${randomId(12)}`, checkoutUrl: successUrl(order), requiresCustomerAction: false };
  }

  // Nothing to capture or void at a processor that does not exist; the order store records the outcome.
  async confirm(_sessionId: string): Promise<void> {}

  async fail(_sessionId: string, _reason: string): Promise<void> {}
}
