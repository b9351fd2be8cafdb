/** The spec's texts (sections 4 and 8). */
export const MESSAGES = {
  saveSuccess: 'Configuration saved successfully!',
  saveError: 'Failed to save configuration. Please try again.',
  deploySuccess: 'Platform deployed successfully!',
  deployError: 'Deployment failed. Please contact support.',
  deployBlocked: 'Please complete the configuration steps before deploying.',
} as const;

/** Shown instead of the spec's failure text when nothing failed but a field needs fixing. */
export const INVALID_MESSAGE = 'Please fix the highlighted fields, then save again.';
