import { z } from 'zod';
import { emailField } from './common';

/** The blog's newsletter block: the address handed to the external newsletter site. */
export const newsletterSchema = z.strictObject({
  email: emailField('Email address'),
});
export type NewsletterRequest = z.infer<typeof newsletterSchema>;
