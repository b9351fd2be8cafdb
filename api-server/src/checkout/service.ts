import { getPlan } from '../../../src/data/plans';
import type { CheckoutRequest } from '../../../src/schemas/checkout';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { successUrl, type PaymentProvider } from './provider';
import type { OrderRecord, OrderStore } from './store';

export interface CheckoutResult {
  orderId: string;
  checkoutUrl: string;
}

/** Plans are sold in US dollars; prices come from the plan data, never from the request. */
export const CHECKOUT_CURRENCY = 'USD';

export class CheckoutService {
  constructor(
    private readonly orders: OrderStore,
    private readonly provider: PaymentProvider,
    private readonly logger: Logger,
    /** Commits a write before the next step (see Writes). */
    private readonly commit: <T>(work: (tx: Db) => Promise<T>) => Promise<T>,
  ) {}

  /**
   * Records the order, opens a payment session and, when no customer action is needed, confirms it.
   * `onOrder` runs in the transaction that stores the order (the Idempotency-Key is bound there).
   * With `resumeId`, the order a failed or interrupted run created is carried on instead of a new
   * one: a paid order is answered as it is, a pending one goes on from its last recorded step.
   */
  async start(request: CheckoutRequest, options: { resumeId?: string; onOrder?: (orderId: string, tx: Db) => Promise<void> } = {}): Promise<CheckoutResult> {
    const plan = getPlan(request.planId);
    const resumed = options.resumeId === undefined ? undefined : await this.orders.get(options.resumeId);
    if (resumed && resumed.status !== 'failed') {
      this.logger.info({ orderId: resumed.id, status: resumed.status }, 'checkout resumed after an interrupted attempt');
      return this.proceed(resumed);
    }
    // The order is on disk before the payment provider ever hears of it.
    const order = await this.commit(async (tx) => {
      const created = await this.orders.create({
        planId: plan.id,
        planName: plan.name,
        amountCents: Math.round(plan.price * 100),
        currency: CHECKOUT_CURRENCY,
        period: plan.period,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        provider: this.provider.name,
      }, tx);
      await options.onOrder?.(created.id, tx);
      return created;
    });
    return this.proceed(order);
  }

  private async proceed(order: OrderRecord): Promise<CheckoutResult> {
    if (order.status === 'paid') return { orderId: order.id, checkoutUrl: successUrl(order) };
    let sessionId = order.providerSessionId;
    let checkoutUrl = successUrl(order);
    let requiresCustomerAction = false;
    if (sessionId === null) {
      let session;
      try {
        session = await this.provider.createSession(order);
      } catch (err) {
        await this.commit((tx) => this.orders.markFailed(order.id, `session: ${(err as Error).message}`, tx));
        this.logger.error({ err, orderId: order.id }, 'payment session could not be opened');
        throw new HttpError(502, 'The payment service is unavailable. Please try again in a moment.');
      }
      await this.commit((tx) => this.orders.attachSession(order.id, session.sessionId, tx));
      ({ sessionId, checkoutUrl, requiresCustomerAction } = session);
    }

    if (!requiresCustomerAction) {
      // Capturing a session twice charges once (the provider contract): a resumed order whose
      // earlier capture went through but was not recorded is confirmed again, not charged again.
      try {
        await this.provider.confirm(sessionId);
      } catch (err) {
        await this.commit((tx) => this.orders.markFailed(order.id, `confirm: ${(err as Error).message}`, tx));
        await this.provider.fail(sessionId, 'confirmation failed').catch(() => undefined);
        this.logger.warn({ err, orderId: order.id }, 'payment was declined');
        throw new HttpError(402, 'The payment could not be completed. No money was taken.');
      }
      await this.commit((tx) => this.orders.markPaid(order.id, tx));
    }
    this.logger.info({ orderId: order.id, planId: order.planId, provider: this.provider.name }, 'checkout completed');
    return { orderId: order.id, checkoutUrl };
  }
}
