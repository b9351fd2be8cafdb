/**
 * Texts of the payment-success page (/success). Button labels and the title are spec texts:
 * change them only with the specification. Timings live in timings.ts.
 */
import { SITE } from './site';

export const SUCCESS_COPY = {
  title: 'Payment Successful',
  welcome: (name: string) => `Welcome to ${SITE.name}, ${name}!`,
  lead: 'Your subscription is active. Explore the API reference for your plan, then finish setting up your account.',
  redirecting: 'seconds until account setup. Your API documentation opens first.',
  docsButton: 'View Your API Documentation',
  authButton: 'Continue to Account Setup',
  tipTitle: 'Tip:',
  tipBefore: 'when subscription or account setup asks for the setup password, enter',
  tipAfter: 'exactly as shown.',
  orderLabel: 'Order reference:',
} as const;
