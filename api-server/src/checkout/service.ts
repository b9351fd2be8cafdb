import { getPlan } from '../../../src/data/plans';
import type { CheckoutRequest } from '../../../src/schemas/checkout';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { successUrl, type PaymentProvider } from './provider';
import { OrderStore, type OrderRecord } from './store';

export interface CheckoutResult {
  orderId: string;
  checkoutUrl: string;
}

/** Plans are sold in US dollars; prices come from the plan data, never from the request. */
export const CHECKOUT_CURRENCY = 'USD';

export interface CheckoutDeps {
  db: Db;
  now: () => Date;
  provider: PaymentProvider;
  logger: Logger;
  /** Commits a write durably: what the customer or a remote provider is told rests on it (Writes.run). */
  commit: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
}

export interface CheckoutHooks {
  resumeId?: string;
  /** Runs in the transaction that stores the order (the Idempotency-Key is bound there). */
  onOrder?: (orderId: string, tx: Db) => Promise<void>;
  /**
   * Runs in the transaction of the last step, with the result it makes final (the key's answer is
   * stored there). With the demo provider it is the order's own transaction: onOrder is not
   * called then, and this binds the key too.
   */
  onResult?: (result: CheckoutResult, tx: Db) => Promise<void>;
}

/**
 * Records the order, opens a payment session and, when no customer action is needed, confirms it.
 * With `resumeId`, the order a failed or interrupted run created is carried on instead of a new
 * one: a paid order is answered as it is, a pending one goes on from its last recorded step.
 */
export async function startCheckout(deps: CheckoutDeps, request: CheckoutRequest, options: CheckoutHooks = {}): Promise<CheckoutResult> {
  if (deps.provider.remote) return runSteps(deps, request, options);
  // A provider in this process (the demo) holds nothing outside our database, so nobody outside
  // learns of a step before the last: all of them are one transaction, which the answer waits
  // for. A crash before its commit leaves nothing, as it would have left the earlier steps'
  // unsynced writes. One write instead of three took ~12% off a keyed checkout's CPU (issue 28).
  // A refusal (402, 502) commits the order's failure with it, then is answered.
  const outcome = await deps.commit(async (tx) => {
    const inTx: CheckoutDeps['commit'] = (work) => work(tx);
    // Each order is inserted once, as its steps left it (OrderStore.writeOnce).
    const orders = OrderStore.writeOnce(tx, deps.now);
    let settled: { result: CheckoutResult; refused?: undefined } | { refused: HttpError };
    // The key is bound where it is answered, in this same transaction (onResult, with the order's
    // id): one write of it instead of two. A refusal (402, 502) leaves it unbound: a retry then
    // starts a new order, as it did when the key was bound to the failed one.
    const hooks: CheckoutHooks = options.onResult ? { ...options, onOrder: undefined } : options;
    try {
      settled = { result: await runSteps({ ...deps, db: tx, commit: inTx }, request, hooks, orders) };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      settled = { refused: err };
    }
    await orders.flush();
    return settled;
  });
  if (outcome.refused) throw outcome.refused;
  return outcome.result;
}

async function runSteps(deps: CheckoutDeps, request: CheckoutRequest, options: CheckoutHooks, orders = new OrderStore(deps.db, deps.now)): Promise<CheckoutResult> {
  const plan = getPlan(request.planId);
  const resumed = options.resumeId === undefined ? undefined : await orders.get(options.resumeId);
  if (resumed && resumed.status !== 'failed') {
    deps.logger.info({ orderId: resumed.id, status: resumed.status }, 'checkout resumed after an interrupted attempt');
    return proceed(deps, orders, resumed, options.onResult);
  }
  // The order is stored before the payment provider ever hears of it (on disk, for a remote one).
  const order = await deps.commit(async (tx) => {
    const created = await orders.create({
      planId: plan.id,
      planName: plan.name,
      amountCents: Math.round(plan.price * 100),
      currency: CHECKOUT_CURRENCY,
      period: plan.period,
      customerName: request.customerName,
      customerEmail: request.customerEmail,
      provider: deps.provider.name,
    }, tx);
    await options.onOrder?.(created.id, tx);
    return created;
  });
  return proceed(deps, orders, order, options.onResult);
}

async function proceed(
  deps: CheckoutDeps,
  orders: OrderStore,
  order: OrderRecord,
  onResult: CheckoutHooks['onResult'] = async () => undefined,
): Promise<CheckoutResult> {
  const { provider, logger, commit } = deps;
  if (order.status === 'paid') return { orderId: order.id, checkoutUrl: successUrl(order) };
  let sessionId = order.providerSessionId;
  let checkoutUrl = successUrl(order);
  let requiresCustomerAction = false;
  if (sessionId === null) {
    let session;
    try {
      session = await provider.createSession(order);
    } catch (err) {
      await commit((tx) => orders.markFailed(order.id, `session: ${(err as Error).message}`, tx));
      logger.error({ err, orderId: order.id }, 'payment session could not be opened');
      throw new HttpError(502, 'The payment service is unavailable. Please try again in a moment.');
    }
    ({ sessionId, checkoutUrl, requiresCustomerAction } = session);
    // Stored before the capture, so a retry after a crash confirms this same session. The
    // answer sends the customer to the provider's page: then it is durable before it leaves.
    await commit(async (tx) => {
      await orders.attachSession(order.id, session.sessionId, tx);
      if (session.requiresCustomerAction) await onResult({ orderId: order.id, checkoutUrl: session.checkoutUrl }, tx);
    });
  }

  if (!requiresCustomerAction) {
    // Capturing a session twice charges once (the provider contract): a resumed order whose
    // earlier capture went through but was not recorded is confirmed again, not charged again.
    try {
      await provider.confirm(sessionId);
    } catch (err) {
      await commit((tx) => orders.markFailed(order.id, `confirm: ${(err as Error).message}`, tx));
      await provider.fail(sessionId, 'confirmation failed').catch(() => undefined);
      logger.warn({ err, orderId: order.id }, 'payment was declined');
      throw new HttpError(402, 'The payment could not be completed. No money was taken.');
    }
    await commit(async (tx) => {
      await orders.markPaid(order.id, tx);
      await onResult({ orderId: order.id, checkoutUrl }, tx);
    });
  }
  logger.info({ orderId: order.id, planId: order.planId, provider: provider.name }, 'checkout completed');
  return { orderId: order.id, checkoutUrl };
}
