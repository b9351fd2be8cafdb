import { useCallback, useState } from 'react';
import { useFormToken, useSingleFlight } from '@site/src/components/Form';
import { SUPPORT_DEFAULTS, type SupportCategoryId, type SupportPriorityId } from '@site/src/data/support';
import { NETWORK_ERROR_MESSAGE, NetworkError, postJson } from '@site/src/lib/postJson';
import type { FieldErrors } from '@site/src/schemas/common';
import type { SupportResponse } from '@site/src/schemas/support';
import { loadSchemas } from '@site/src/schemas/lazy';

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

export const REQUIRED_FIELDS = ['name', 'email', 'subject', 'message'] as const;

export type TicketStatus = 'idle' | 'submitting' | 'success';

/** The request body: account ID and the honeypot are left out when empty. */
export function ticketPayload(fields: TicketFields, formToken: string): Record<string, unknown> {
  const { accountId, website, ...rest } = fields;
  return {
    ...rest,
    ...(accountId.trim() ? { accountId: accountId.trim() } : {}),
    ...(website ? { website } : {}),
    formToken,
  };
}

/**
 * The support form's state machine: idle -> submitting -> success (or back to idle with an
 * error shown above the form). Validation uses the same zod schema as the server.
 */
export function useTicketForm() {
  const [fields, setFields] = useState<TicketFields>(EMPTY_TICKET);
  const [status, setStatus] = useState<TicketStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [ticket, setTicket] = useState<{ id: string; email: string; priority: SupportPriorityId } | null>(null);
  const formToken = useFormToken();
  const once = useSingleFlight();

  const setField = useCallback(<K extends keyof TicketFields>(key: K, value: TicketFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    // Editing a field clears its own complaint; the others stay until the next submit.
    setFieldErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  }, []);

  const missingRequired = REQUIRED_FIELDS.some((k) => fields[k].trim() === '');
  const canSubmit = status !== 'submitting' && !missingRequired;

  const submit = useCallback(async (): Promise<boolean> => {
    if (status === 'submitting') return false;
    const sent = await once(async (): Promise<boolean> => {
      const schemas = await loadSchemas().catch(() => undefined);
      if (!schemas) {
        setError(NETWORK_ERROR_MESSAGE);
        return false;
      }
      const parsed = schemas.supportRequestSchema.safeParse(ticketPayload(fields, ''));
      if (!parsed.success) {
        setFieldErrors(schemas.fieldErrors(parsed.error));
        setError(null);
        return false;
      }
      setStatus('submitting');
      setError(null);
      setFieldErrors({});
      const token = await formToken.get();
      if (!token) {
        setError(NETWORK_ERROR_MESSAGE);
        setStatus('idle');
        return false;
      }
      const payload = ticketPayload(fields, token);
      try {
        const answer = await postJson<SupportResponse & { fields?: FieldErrors }>(SUPPORT_API_URL, payload);
        const body = answer.body;
        if (answer.ok && body?.success && body.ticketId) {
          setTicket({ id: body.ticketId, email: parsed.data.email, priority: parsed.data.priority });
          setStatus('success');
          return true;
        }
        setError(body?.error?.trim() || SUPPORT_FAILED_MESSAGE);
        setFieldErrors(body?.fields ?? {});
      } catch (err) {
        setError(err instanceof NetworkError ? NETWORK_ERROR_MESSAGE : SUPPORT_FAILED_MESSAGE);
      }
      setStatus('idle');
      return false;
    });
    return sent ?? false;
  }, [fields, status, formToken, once]);

  /** "Create Another Ticket": back to an empty idle form and a fresh form token. */
  const reset = useCallback(() => {
    setFields(EMPTY_TICKET);
    setStatus('idle');
    setError(null);
    setFieldErrors({});
    setTicket(null);
    formToken.renew();
  }, [formToken]);

  return { fields, setField, status, error, fieldErrors, ticket, canSubmit, submit, reset };
}
