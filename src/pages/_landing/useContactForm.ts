import { LANDING_CONTACT } from '@site/src/data/landing';
import type { ContactRequest, ContactResponse } from '@site/src/schemas';
import { postForm, useForm } from '@site/src/components/Form';

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  /** Honeypot, never shown to people. */
  website: string;
}

const EMPTY: ContactValues = { name: '', email: '', company: '', phone: '', message: '', website: '' };

/**
 * The contact form (spec §4): idle → submitting → success, or error with the message shown above
 * the form. "Send Another Message" resets to an empty idle form. Spec §5: submit is disabled
 * while sending or when name, email or message is empty.
 */
export function useContactForm(endpoint = '/api/contact') {
  return useForm<ContactValues, ContactRequest>({
    schema: (s) => s.contactRequestSchema,
    initial: EMPTY,
    required: ['name', 'email', 'message'],
    formToken: true,
    failedMessage: LANDING_CONTACT.failedMessage,
    send: (data, { formToken }) => postForm<ContactResponse, true>(endpoint, { ...data, formToken }, (body) => (body.success ? true : undefined)),
  });
}
