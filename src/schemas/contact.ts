import { z } from 'zod';
import { emailField, MAX, optionalLine, optionalPhone, requiredLine, requiredText, spamFields } from './common';

export const contactRequestSchema = z.strictObject({
  name: requiredLine('Name', MAX.name),
  email: emailField('Email'),
  message: requiredText('Message', MAX.message),
  company: optionalLine('Company', MAX.company),
  phone: optionalPhone('Phone', MAX.phone),
  ...spamFields,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export interface ContactResponse {
  success: boolean;
  error?: string;
}
