import express from 'express';
import { checkoutRequestSchema, type CheckoutResponse } from '../../../src/schemas/checkout';
import type { Feature } from '../deps';
import { parsedBody, validateBody } from '../http/validate';
import { idempotent, IdempotencyStore, type Recovery } from '../idempotency';
import { DemoPaymentProvider, successUrl, type PaymentProvider } from './provider';
import { startCheckout, type CheckoutDeps, type CheckoutResult } from './service';
import { OrderStore } from './store';
import { checkoutMigrations } from './table';

const responseOf = (r: CheckoutResult): CheckoutResponse => ({ success: true, checkoutUrl: r.checkoutUrl, orderId: r.orderId });

/**
 * POST /api/checkout: { planId, customerName, customerEmail } → { success, checkoutUrl, orderId }.
 * The provider is the demo one (no money moves); build the feature with another to go live.
 */
export function createCheckoutFeature(
  makeProvider: () => PaymentProvider = () => new DemoPaymentProvider(),
  options: { idempotencyLeaseMs?: number } = {},
): Feature {
  return {
    name: 'checkout',
    prefix: '/checkout',
    migrations: checkoutMigrations,
    routes({ db, now, logger, limiters, writes }) {
      const deps: CheckoutDeps = { db, now, provider: makeProvider(), logger, commit: (work) => writes.run(work) };
      const keys = new IdempotencyStore(db, 'checkout_idempotency', now, { writes, leaseMs: options.idempotencyLeaseMs });
      const router = express.Router();
      router.post('', limiters.forms, validateBody(checkoutRequestSchema), idempotent(keys, logger, async (_req, res, key) => {
        let answer: CheckoutResponse | undefined;
        const result = await startCheckout(deps, parsedBody(res, checkoutRequestSchema), {
          resumeId: key?.resumeId,
          onOrder: key?.bind,
          // The key's answer commits with the order's last step: both are stored, or neither.
          onResult: key && (async (r, tx) => {
            answer = responseOf(r);
            await key.complete(200, answer, tx, r.orderId);
          }),
        });
        res.json(answer ?? responseOf(result));
        // Its first effect is the order's transaction, where the key is claimed and bound (see idempotent).
      }));
      return router;
    },
    async recover({ db, now, logger }) {
      const orders = new OrderStore(db, now);
      const counts = await new IdempotencyStore(db, 'checkout_idempotency', now).recover(async (orderId, tx): Promise<Recovery> => {
        const order = await new OrderStore(tx, now).get(orderId);
        if (order?.status === 'paid') return { answer: { status: 200, body: responseOf({ orderId: order.id, checkoutUrl: successUrl(order) }) } };
        // A session may have been captured just before the process died: the retry confirms it
        // again (charged once) rather than opening a new order.
        if (order?.status === 'pending' && order.providerSessionId !== null) return 'resume';
        // Nothing was charged: the order will never complete, and the retry starts afresh.
        if (order?.status === 'pending') await orders.markFailed(order.id, 'interrupted: the server stopped before payment', tx);
        return 'release';
      });
      if (counts.answered + counts.released + counts.resumable > 0) logger.info(counts, 'idempotency keys left in progress were resolved');
    },
  };
}

/** The live feature, with the demo payment provider. */
export const checkoutFeature: Feature = createCheckoutFeature();
