import { useCallback, useEffect, useRef, useState } from 'react';
import { NETWORK_ERROR_MESSAGE, NetworkError, postJson } from '@site/src/lib/postJson';
import { postForm, useForm, type FormStatus } from '@site/src/components/Form';
import type { FieldErrors } from '@site/src/schemas/common';
import type {
  WhiteLabelConfig,
  WhiteLabelConfigAnswer,
  WhiteLabelConfigInput,
  WhiteLabelDeployAnswer,
  WhiteLabelMeta,
  WhiteLabelVersionFields,
} from '@site/src/schemas/whiteLabel';
import { CONFIG_URL, DEPLOY_URL, defaultConfig, sameFields } from './config';
import { MESSAGES } from './messages';
import { useLeaveWarning } from './useLeaveWarning';

export type SaveResult = { ok: true; config: WhiteLabelConfig } | { ok: false; errors: FieldErrors };

interface ErrorBody {
  error?: string;
  fields?: FieldErrors;
}

type Saved = Pick<WhiteLabelConfigAnswer, 'meta'> & { config: WhiteLabelConfig };

/** A form-level message that adds to the spec's text (not the spec's text itself, nor the network one). */
function detailOf(message: string | null, ...generic: string[]): string | undefined {
  return message && !generic.includes(message) ? message : undefined;
}

/**
 * State of the admin page: the configuration being edited (one form, the site's useForm), the
 * last saved one, and the deploy request (spec section 4). Network details stay here;
 * components only render.
 */
export function useWhiteLabel() {
  const [saved, setSaved] = useState<WhiteLabelConfig | null>(null);
  const [meta, setMeta] = useState<WhiteLabelMeta | null>(null);
  const [loading, setLoading] = useState(true);
  /** The API refused us (401): reached by client-side navigation, the browser sent no credentials. */
  const [signInRequired, setSignInRequired] = useState(false);
  const [deployStatus, setDeployStatus] = useState<FormStatus>('idle');
  const [deployDetail, setDeployDetail] = useState<string | undefined>(undefined);

  const form = useForm<WhiteLabelConfig, WhiteLabelConfigInput, Saved>({
    schema: (s) => s.whiteLabelConfigSchema,
    initial: defaultConfig,
    failedMessage: MESSAGES.saveError,
    send: (data) => postForm<WhiteLabelConfigAnswer & ErrorBody, Saved>(CONFIG_URL, data, (body) => (body.config ? { config: body.config, meta: body.meta } : undefined)),
  });
  const { values: config, setValues: setConfig, errors } = form;
  const latest = useRef(config);
  latest.current = config;

  useEffect(() => {
    let cancelled = false;
    fetch(CONFIG_URL, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (res.status === 401) {
          if (!cancelled) setSignInRequired(true);
          return;
        }
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as WhiteLabelConfigAnswer;
        if (cancelled || !body.config) return;
        setConfig(body.config);
        setSaved(body.config);
        setMeta(body.meta);
      })
      // Spec section 7: a failed load is only logged; the page keeps the defaults.
      .catch((err: unknown) => console.warn('White-label configuration could not be loaded:', err))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [setConfig]);

  const { submit } = form;
  /** Posts the full configuration; resolves with the saved one, or the field errors. */
  const save = useCallback(
    async (override?: WhiteLabelConfig): Promise<SaveResult> => {
      const sent = override ?? latest.current;
      const outcome = await submit(override);
      if (!outcome?.ok) return { ok: false, errors: outcome?.fields ?? {} };
      const stored = outcome.result.config;
      // Keystrokes typed while the request was on its way win over the server's copy.
      setConfig((c) => (c === sent || override ? stored : { ...c, id: stored.id, isActive: stored.isActive }));
      setSaved(stored);
      setMeta(outcome.result.meta);
      return { ok: true, config: stored };
    },
    [submit, setConfig],
  );

  /** Saves unsaved edits first, so what goes live is what the preview shows. */
  const deploy = useCallback(async (): Promise<boolean> => {
    setDeployStatus('submitting');
    setDeployDetail(undefined);
    const current = latest.current;
    let target: WhiteLabelConfig | undefined = current;
    if (!saved || !current.id || !sameFields(current, saved)) {
      const result = await save();
      target = result.ok ? result.config : undefined;
      if (!result.ok) setDeployDetail('Your changes could not be saved first; see the Configure tab.');
    }
    if (!target?.id) {
      setDeployStatus('error');
      return false;
    }
    try {
      const res = await postJson<WhiteLabelDeployAnswer & ErrorBody>(DEPLOY_URL, { configId: target.id });
      if (!res.ok || !res.body?.success) {
        setDeployDetail(res.body?.error);
        setDeployStatus('error');
        return false;
      }
      const answer = res.body;
      setConfig((c) => (c.id === answer.config.id ? { ...c, isActive: true } : c));
      setSaved(answer.config);
      setMeta(answer.meta);
      setDeployStatus('success');
      return true;
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      setDeployStatus('error');
      return false;
    }
  }, [save, saved, setConfig]);

  // Before the first save, anything that differs from the defaults is unsaved work too.
  const dirty = !loading && !sameFields(config, saved ?? defaultConfig());
  useLeaveWarning(dirty);
  // The "fix these fields" banner goes once the last highlighted field is fixed.
  const invalid = form.status === 'error' && form.invalid && Object.keys(errors).length > 0;
  const failed = form.status === 'error' && !form.invalid;
  const detail = {
    save: detailOf(form.error, MESSAGES.saveError, NETWORK_ERROR_MESSAGE) ?? (form.invalid ? Object.values(errors)[0] : undefined),
    deploy: deployDetail,
  };

  /** Rollback: saves an earlier version's fields as the newest version (the server keeps every version). */
  const restore = useCallback(
    (fields: WhiteLabelVersionFields) => save({ ...fields, id: latest.current.id, isActive: latest.current.isActive, organizationId: latest.current.organizationId }),
    [save],
  );
  return {
    config,
    saved,
    meta,
    loading,
    signInRequired,
    dirty,
    errors,
    detail,
    saveStatus: form.status,
    /** The save was refused for fields that still need fixing. */
    saveInvalid: invalid,
    /** The save itself failed (server or network). */
    saveFailed: failed,
    deployStatus,
    update: form.update,
    save,
    deploy,
    restore,
    replace: setConfig,
  };
}

export type WhiteLabelState = ReturnType<typeof useWhiteLabel>;
