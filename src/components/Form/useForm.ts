import { useCallback, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import type { ZodType } from 'zod';
import type { FieldErrors } from '@site/src/schemas/common';
import { loadedSchemas, loadSchemas, preloadSchemas } from '@site/src/lib/lazySchemas';
import { NETWORK_ERROR_MESSAGE, NetworkError, postJson } from '@site/src/lib/postJson';
import { useFormToken } from './useFormToken';
import { useSingleFlight } from './useSingleFlight';

type Schemas = typeof import('@site/src/schemas');

/**
 * Every form's one vocabulary. 'error' covers both a refused submission (field errors, maybe a
 * message) and a failed one (a message): `invalid` tells them apart.
 */
export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

/** What sending a valid form came to. */
export type Outcome<R> = { ok: true; result: R } | { ok: false; error?: string | undefined; fields?: FieldErrors | undefined };

export interface FormOptions<V extends object, P, R> {
  /** The form's zod schema from src/schemas, picked once the lazily loaded schemas are in. */
  schema: (schemas: Schemas) => ZodType<P>;
  initial: V | (() => V);
  /** The schema's input made from the values, when they differ (a fixed plan id, empty optionals left out). */
  input?: (values: V) => unknown;
  /** Sends the parsed value (never the raw one). Throwing NetworkError shows the spec's network message. */
  send: (data: P, context: { formToken: string | undefined }) => Promise<Outcome<R>>;
  /** The spec's message when the server refuses without a text of its own, or the answer is unusable. */
  failedMessage: string;
  /** Public forms send the server-signed form token (spam defence). */
  formToken?: boolean;
  /** Fields that must not be blank before submit is enabled (spec: disabled while they are empty). */
  required?: readonly (keyof V)[];
}

export interface Form<V extends object, P, R> {
  values: V;
  /** Sets one field and clears that field's error. */
  setValue: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Sets several fields and clears their errors. */
  update: (patch: Partial<V>) => void;
  /** Replaces the values without touching errors (data loaded from the server). */
  setValues: Dispatch<SetStateAction<V>>;
  errors: FieldErrors;
  status: FormStatus;
  /** The form-level message: the server's text, the spec's failure text or the network message. */
  error: string | null;
  /** The last refusal was about fields (ours or the server's), not a failed request. */
  invalid: boolean;
  result: R | undefined;
  submitting: boolean;
  /** Not submitting and no required field blank. */
  canSubmit: boolean;
  /** Validates, then sends; `values` overrides the current ones (a restore). Ignored while one runs. */
  submit: (values?: V) => Promise<Outcome<R> | undefined>;
  /** For `<form onFocus>`: starts loading the schemas once someone touches the form, so they are in by submit. */
  preload: () => void;
  /** For `<form onSubmit>`. */
  handleSubmit: (event?: FormEvent) => void;
  /**
   * Synchronous validation for handlers that must decide within the event (the newsletter's
   * native submit); undefined when invalid or while the schemas are still loading.
   */
  check: () => P | undefined;
  reset: () => void;
}

/** POSTs the parsed value and reads the usual `{ success, error, fields }` answer. */
export async function postForm<B extends { success?: boolean; error?: string; fields?: FieldErrors }, R>(
  url: string,
  data: unknown,
  accept: (body: B) => R | undefined,
  init?: RequestInit,
): Promise<Outcome<R>> {
  const answer = await postJson<B>(url, data, init);
  const result = answer.ok && answer.body ? accept(answer.body) : undefined;
  if (result !== undefined) return { ok: true, result };
  return { ok: false, error: answer.body?.error?.trim() || undefined, fields: answer.body?.fields };
}

/**
 * The one form pattern: values, field errors from the shared zod schema, a single status and
 * the spec's messages. The schemas load lazily (zod is not part of any page's start-up).
 */
export function useForm<V extends object, P, R = true>(options: FormOptions<V, P, R>): Form<V, P, R> {
  const { initial, required } = options;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<R | undefined>(undefined);
  const formToken = useFormToken(options.formToken ?? false);
  const once = useSingleFlight();
  // Handlers read the latest options and values, so callbacks stay stable across renders.
  const latest = useRef({ options, values });
  latest.current = { options, values };
  const initialRef = useRef(initial);

  const update = useCallback((patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    // Editing a field clears its own complaint; the others stay until the next submit.
    setErrors((e) => {
      const keys = Object.keys(patch).filter((k) => k in e);
      if (keys.length === 0) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  }, []);
  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => update({ [key]: value } as unknown as Partial<V>), [update]);

  const parse = useCallback((schemas: Schemas, sent: V): { ok: true; data: P } | { ok: false; fields: FieldErrors } => {
    const { options: o } = latest.current;
    const parsed = o.schema(schemas).safeParse(o.input ? o.input(sent) : sent);
    if (parsed.success) return { ok: true, data: parsed.data };
    const fields = schemas.fieldErrors(parsed.error);
    setErrors(fields);
    setError(null);
    setInvalid(true);
    setStatus('error');
    return { ok: false, fields };
  }, []);

  const fail = useCallback((message: string | null, fields: FieldErrors = {}) => {
    setErrors(fields);
    setError(message);
    setInvalid(Object.keys(fields).length > 0);
    setStatus('error');
  }, []);

  const submit = useCallback(
    (override?: V) =>
      once(async (): Promise<Outcome<R>> => {
        const { options: o, values: current } = latest.current;
        const sent = override ?? current;
        const schemas = await loadSchemas().catch(() => undefined);
        if (!schemas) {
          fail(NETWORK_ERROR_MESSAGE);
          return { ok: false, error: NETWORK_ERROR_MESSAGE };
        }
        const parsed = parse(schemas, sent);
        if (!parsed.ok) return { ok: false, fields: parsed.fields };
        setErrors({});
        setError(null);
        setInvalid(false);
        setStatus('submitting');
        let token: string | undefined;
        if (o.formToken) {
          token = await formToken.get();
          if (!token) {
            fail(NETWORK_ERROR_MESSAGE);
            return { ok: false, error: NETWORK_ERROR_MESSAGE };
          }
        }
        try {
          const outcome = await o.send(parsed.data, { formToken: token });
          if (outcome.ok) {
            setResult(outcome.result);
            setStatus('success');
          } else {
            fail(outcome.error || o.failedMessage, outcome.fields);
          }
          return outcome;
        } catch (err) {
          const message = err instanceof NetworkError ? NETWORK_ERROR_MESSAGE : o.failedMessage;
          fail(message);
          return { ok: false, error: message };
        }
      }),
    [once, parse, fail, formToken],
  );

  const handleSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      void submit();
    },
    [submit],
  );

  const check = useCallback((): P | undefined => {
    const schemas = loadedSchemas();
    if (!schemas) return undefined;
    const parsed = parse(schemas, latest.current.values);
    if (!parsed.ok) return undefined;
    setErrors({});
    setInvalid(false);
    setStatus('idle');
    return parsed.data;
  }, [parse]);

  const reset = useCallback(() => {
    const first = initialRef.current;
    setValues(typeof first === 'function' ? (first as () => V)() : first);
    setErrors({});
    setError(null);
    setInvalid(false);
    setResult(undefined);
    setStatus('idle');
    if (latest.current.options.formToken) formToken.renew();
  }, [formToken]);

  const submitting = status === 'submitting';
  const canSubmit = !submitting && (required ?? []).every((k) => String(values[k] ?? '').trim() !== '');
  return { values, preload: preloadSchemas, setValue, update, setValues, errors, status, error, invalid, result, submitting, canSubmit, submit, handleSubmit, check, reset };
}
