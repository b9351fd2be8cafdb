/**
 * Support priorities, categories, response times and ticket ids: what the support form, the
 * API and its emails share. Ids are the values the live API accepts; the zod enums derive
 * from these arrays. To add a priority or category: add its id to the *_IDS array, then
 * TypeScript points at every table to fill in (labels, response times); the form, API and
 * emails follow. The support page's own copy (figures, channels, FAQ) is in ./supportPage.ts.
 */

export const SUPPORT_PRIORITY_IDS = ['urgent', 'high', 'medium', 'low'] as const;
export type SupportPriorityId = (typeof SUPPORT_PRIORITY_IDS)[number];

export const SUPPORT_PRIORITIES: Record<SupportPriorityId, { label: string; responseHours: number }> = {
  urgent: { label: 'Urgent', responseHours: 1 },
  high: { label: 'High', responseHours: 4 },
  medium: { label: 'Medium', responseHours: 24 },
  low: { label: 'Low', responseHours: 48 },
};

export const SUPPORT_CATEGORY_IDS = ['technical', 'billing', 'general', 'security'] as const;
export type SupportCategoryId = (typeof SUPPORT_CATEGORY_IDS)[number];

export const SUPPORT_CATEGORIES: Record<SupportCategoryId, { label: string }> = {
  technical: { label: 'Technical Support' },
  billing: { label: 'Billing & Payments' },
  general: { label: 'General Inquiry' },
  security: { label: 'Security & Compliance' },
};

export const SUPPORT_DEFAULTS = { category: 'general', priority: 'medium' } as const satisfies {
  category: SupportCategoryId;
  priority: SupportPriorityId;
};

/** "1 hour", "24 hours". */
export function formatResponseTime(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Ticket ids look like SUP-7K3M9Q; the form's success view and the emails show them. */
export const TICKET_ID_PREFIX = 'SUP-';

/**
 * Receipts mailed to one address per 24 hours. Anyone can type any address into the form, so
 * beyond this the ticket is still filed and the team mailed, but the address gets no more mail.
 */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
