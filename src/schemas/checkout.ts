import { z } from 'zod';
import { PLAN_IDS } from '../data/plans';
import { emailField, MAX, requiredLine } from './common';

export const checkoutRequestSchema = z.strictObject({
  planId: z.enum(PLAN_IDS, { error: 'Please choose a valid plan' }),
  customerName: requiredLine('Full name', MAX.name),
  customerEmail: emailField('Email address'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export interface CheckoutResponse {
  success: boolean;
  checkoutUrl?: string;
  orderId?: string;
  error?: string;
}
