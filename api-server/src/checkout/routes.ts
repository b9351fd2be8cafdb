import express from 'express';
import { checkoutRequestSchema, type CheckoutResponse } from '../../../src/schemas/checkout';
import type { Feature } from '../deps';
import { parsedBody, validateBody } from '../http/validate';
import { idempotent, IdempotencyStore } from './idempotency';
import { DemoPaymentProvider, type PaymentProvider } from './provider';
import { CheckoutService } from './service';
import { checkoutMigrations, OrderStore } from './store';

/**
 * POST /api/checkout: { planId, customerName, customerEmail } → { success, checkoutUrl, orderId }.
 * The provider is the demo one (no money moves); build the feature with another to go live.
 */
export function createCheckoutFeature(makeProvider: () => PaymentProvider = () => new DemoPaymentProvider()): Feature {
  return {
    name: 'checkout',
    migrations: checkoutMigrations,
    routes({ db, now, logger, limiters, writes }) {
      const service = new CheckoutService(new OrderStore(db, now), makeProvider(), logger, (work) => writes.run(work));
      const keys = new IdempotencyStore(db, 'checkout_idempotency', now);
      const router = express.Router();
      router.post('/checkout', limiters.forms, validateBody(checkoutRequestSchema), idempotent(keys), async (_req, res) => {
        const result = await service.start(parsedBody(res, checkoutRequestSchema));
        const body: CheckoutResponse = { success: true, checkoutUrl: result.checkoutUrl, orderId: result.orderId };
        res.json(body);
      });
      return router;
    },
  };
}

/** The live feature, with the demo payment provider. */
export const checkoutFeature: Feature = createCheckoutFeature();
