import { postForm, useForm } from '@site/src/components/Form';
import { SUPPORT_DEFAULTS, type SupportCategoryId, type SupportPriorityId } from '@site/src/data/support';
import type { SupportRequest, SupportResponse } from '@site/src/schemas/support';

/** Shown when the server answers without a usable error text (spec error catalogue). */
export const SUPPORT_FAILED_MESSAGE = 'Failed to create support ticket';
export const SUPPORT_API_URL = '/api/support';

export interface TicketFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  category: SupportCategoryId;
  priority: SupportPriorityId;
  accountId: string;
  website: string;
}

export const EMPTY_TICKET: TicketFields = {
  name: '',
  email: '',
  subject: '',
  message: '',
  category: SUPPORT_DEFAULTS.category,
  priority: SUPPORT_DEFAULTS.priority,
  accountId: '',
  website: '',
};

export interface CreatedTicket {
  id: string;
  email: string;
  priority: SupportPriorityId;
}

/** The schema's input: account ID and the honeypot are left out when empty. */
function ticketInput({ accountId, website, ...rest }: TicketFields): Record<string, unknown> {
  return { ...rest, ...(accountId.trim() ? { accountId } : {}), ...(website ? { website } : {}) };
}

/**
 * The support form: idle -> submitting -> success (or error, shown above the form). The parsed
 * value (trimmed by the shared schema) is what gets posted, with the form token.
 */
export function useTicketForm() {
  return useForm<TicketFields, SupportRequest, CreatedTicket>({
    schema: (s) => s.supportRequestSchema,
    initial: EMPTY_TICKET,
    input: ticketInput,
    required: ['name', 'email', 'subject', 'message'],
    formToken: true,
    failedMessage: SUPPORT_FAILED_MESSAGE,
    send: (data, { formToken }) =>
      postForm<SupportResponse, CreatedTicket>(SUPPORT_API_URL, { ...data, formToken }, (body) =>
        body.success && body.ticketId ? { id: body.ticketId, email: data.email, priority: data.priority } : undefined,
      ),
  });
}
