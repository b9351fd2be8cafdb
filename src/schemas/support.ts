import { z } from 'zod';
import { SUPPORT_CATEGORY_IDS, SUPPORT_PRIORITY_IDS } from '../data/support';
import { emailField, MAX, optionalLine, requiredLine, requiredText, spamFields } from './common';

export const supportRequestSchema = z.strictObject({
  name: requiredLine('Name', MAX.name),
  email: emailField('Email'),
  subject: requiredLine('Subject', MAX.subject),
  message: requiredText('Message', MAX.message),
  priority: z.enum(SUPPORT_PRIORITY_IDS, { error: 'Please choose a valid priority' }),
  category: z.enum(SUPPORT_CATEGORY_IDS, { error: 'Please choose a valid category' }),
  accountId: optionalLine('Account ID', MAX.accountId),
  ...spamFields,
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export interface SupportResponse {
  success: boolean;
  ticketId?: string;
  error?: string;
}
