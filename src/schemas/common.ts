import { z } from 'zod';
import { MAX } from './limits';

// In the browser zod must not probe for eval (`new Function`): our CSP forbids it, and Chrome
// reports the blocked probe as a policy violation even though zod catches it (Lighthouse best
// practices). The server keeps zod's faster compiled parsers.
// Asked through globalThis because shared code compiles without DOM types (api-server/tsconfig.json).
if ('window' in globalThis) z.config({ jitless: true });

export { FORM_TOKEN_MAX_AGE_MS, FORM_TOKEN_URL, MAX, MIN_FILL_MS, type FormTokenResponse } from './limits';

// Control characters (except tab/newline in long text) are never legitimate in form fields
// and are how header injection is attempted, so refuse them outright.
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAKS = /[\r\n]/;

/** A required single-line text field: trimmed, non-empty, bounded, no line breaks. */
export function requiredLine(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !LINE_BREAKS.test(v) && !CONTROL_CHARS.test(v), {
      error: `${label} contains characters that are not allowed`,
    });
}

/** An optional single-line text field: empty strings count as absent. */
/** Digits with the usual separators and an optional leading +; letters are never part of a phone number. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{5,40}$/;
export const PHONE_ERROR = 'Please enter a valid phone number';

/** An optional phone number: empty, or digits with separators (shared by the contact and white-label forms). */
export function optionalPhone(label: string, max: number) {
  return optionalLine(label, max).refine((v) => v === undefined || v === '' || PHONE_PATTERN.test(v), { error: PHONE_ERROR });
}

export function optionalLine(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !LINE_BREAKS.test(v) && !CONTROL_CHARS.test(v), {
      error: `${label} contains characters that are not allowed`,
    })
    .optional();
}

/** A required multi-line text field. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !CONTROL_CHARS.test(v), { error: `${label} contains characters that are not allowed` });
}

export function emailField(label = 'Email address') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(MAX.email, { error: `${label} must be at most ${MAX.email} characters` })
    .pipe(z.email({ error: 'Please enter a valid email address' }));
}

/**
 * Spam defence shared by the public forms: `website` is a honeypot a person never sees, and
 * `formToken` is the server-signed token the form fetched from FORM_TOKEN_URL when it opened.
 * The server requires the token and judges the fill time from the issue time signed into it, so
 * leaving a field out skips nothing. (Optional here so a missing token gets its own message.)
 */
export const spamFields = {
  website: z.string().max(MAX.honeypot).optional(),
  formToken: z.string().max(200, { error: 'The form token is not valid' }).optional(),
};

export type FieldErrors = Record<string, string>;

/** First message per field, for the answer envelope and the forms' inline errors. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const flat = z.flattenError(error);
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(flat.fieldErrors)) {
    const first = (messages as string[] | undefined)?.[0];
    if (first) out[field] = first;
  }
  return out;
}

/** One human sentence summarising a validation failure. */
export function summariseErrors(error: z.ZodError): string {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0] ?? z.flattenError(error).formErrors[0];
  return first ?? 'The request is not valid';
}
