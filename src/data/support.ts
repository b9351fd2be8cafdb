/**
 * Support priorities, categories and the support page's figures.
 * Ids are the values the live API accepts; the zod enums derive from these arrays.
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

export const SUPPORT_STATS = [
  { value: '99.9%', label: 'Customer satisfaction' },
  { value: '< 30 min', label: 'Average response time' },
  { value: '24/7', label: 'Support availability' },
  { value: '50+', label: 'Support team members' },
] as const;
