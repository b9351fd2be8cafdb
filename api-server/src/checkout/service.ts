import { getPlan } from '../../../src/data/plans';
import type { CheckoutRequest } from '../../../src/schemas/checkout';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import type { PaymentProvider } from './provider';
import type { OrderStore } from './store';

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
    /** Commits a write before the next step (see GroupCommit); runs it directly when not given. */
    private readonly commit: <T>(work: () => T) => Promise<T> = async (work) => work(),
  ) {}

  /** Records the order, opens a payment session and, when no customer action is needed, confirms it. */
  async start(request: CheckoutRequest): Promise<CheckoutResult> {
    const plan = getPlan(request.planId);
    // The order is on disk before the payment provider ever hears of it.
    const order = await this.commit(() => this.orders.create({
      planId: plan.id,
      planName: plan.name,
      amountCents: Math.round(plan.price * 100),
      currency: CHECKOUT_CURRENCY,
      period: plan.period,
      customerName: request.customerName,
      customerEmail: request.customerEmail,
      provider: this.provider.name,
    }));

    let session;
    try {
      session = await this.provider.createSession(order);
    } catch (err) {
      await this.commit(() => this.orders.markFailed(order.id, `session: ${(err as Error).message}`));
      this.logger.error({ err, orderId: order.id }, 'payment session could not be opened');
      throw new HttpError(502, 'The payment service is unavailable. Please try again in a moment.');
    }
    await this.commit(() => this.orders.attachSession(order.id, session.sessionId));

    if (!session.requiresCustomerAction) {
      try {
        await this.provider.confirm(session.sessionId);
      } catch (err) {
        await this.commit(() => this.orders.markFailed(order.id, `confirm: ${(err as Error).message}`));
        await this.provider.fail(session.sessionId, 'confirmation failed').catch(() => undefined);
        this.logger.warn({ err, orderId: order.id }, 'payment was declined');
        throw new HttpError(402, 'The payment could not be completed. No money was taken.');
      }
      await this.commit(() => this.orders.markPaid(order.id));
    }
    this.logger.info({ orderId: order.id, planId: plan.id, provider: this.provider.name }, 'checkout completed');
    return { orderId: order.id, checkoutUrl: session.checkoutUrl };
  }
}
