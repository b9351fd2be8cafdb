import { useCallback, useEffect, useRef, useState } from 'react';
import { WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
import { exportFile } from '@site/src/lib/whiteLabel';
import { NETWORK_ERROR_MESSAGE, NetworkError, postJson } from '@site/src/lib/postJson';
import { postForm, useForm, type FormStatus } from '@site/src/components/Form';
import { summariseErrors, type FieldErrors } from '@site/src/schemas/common';
import {
  whiteLabelConfigSchema,
  type WhiteLabelConfig,
  type WhiteLabelConfigAnswer,
  type WhiteLabelConfigInput,
  type WhiteLabelDeployAnswer,
  type WhiteLabelMeta,
  type WhiteLabelVersionFields,
  type WhiteLabelVersionSummary,
} from '@site/src/schemas/whiteLabel';

export const CONFIG_URL = '/api/white-label/config';
export const DEPLOY_URL = '/api/white-label/deploy';

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

export const defaultConfig = (): WhiteLabelConfig => ({ ...WHITE_LABEL_DEFAULTS });

const FIELD_KEYS = Object.keys(WHITE_LABEL_DEFAULTS) as (keyof WhiteLabelConfig)[];

/** Same branding (ignores id and isActive, which the server owns). */
export function sameFields(a: WhiteLabelConfig, b: WhiteLabelConfig): boolean {
  return FIELD_KEYS.every((k) => k === 'isActive' || a[k] === b[k]);
}

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

/** Asks the browser to confirm leaving (reload, close, navigate away) while edits are unsaved. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari only ask when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

/** Starts a download of the configuration file (spec section 5 file name). */
export function downloadConfig(config: WhiteLabelConfig): string {
  const { name, json } = exportFile(config);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/**
 * Reads a downloaded configuration file back. The file's extras (customCSS, generatedAt) and
 * the server-owned id/isActive are dropped; the rest must pass the same schema as a save.
 */
export function parseImport(text: string, organizationId: string): { config?: Omit<WhiteLabelConfig, 'id' | 'isActive'>; error?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: 'The file is not valid JSON.' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'The file does not contain a configuration object.' };
  const { customCSS: _css, generatedAt: _at, id: _id, isActive: _active, ...fields } = raw as Record<string, unknown>;
  const parsed = whiteLabelConfigSchema.safeParse({ ...fields, organizationId });
  if (!parsed.success) return { error: summariseErrors(parsed.error) };
  const { id: _i, isActive: _a, ...config } = parsed.data;
  return { config };
}

const TAB_IDS = ['configure', 'deploy', 'manage'] as const;
export type AdminTab = (typeof TAB_IDS)[number];

/** The selected main tab mirrors the URL hash, so #deploy links and reloads land on it. */
export function useHashTab(): [AdminTab, (t: AdminTab) => void] {
  const [tab, setTab] = useState<AdminTab>('configure');
  useEffect(() => {
    const read = () => {
      const h = window.location.hash.slice(1);
      if ((TAB_IDS as readonly string[]).includes(h)) setTab(h as AdminTab);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const select = useCallback((t: AdminTab) => {
    setTab(t);
    window.history.replaceState(null, '', `#${t}`);
  }, []);
  return [tab, select];
}

/** Recent saved versions; refetched whenever a save or a deployment changes them. */
export function useVersionHistory(meta: WhiteLabelMeta | null): WhiteLabelVersionSummary[] {
  const [versions, setVersions] = useState<WhiteLabelVersionSummary[]>([]);
  const key = `${meta?.version ?? 0}:${meta?.lastDeployment?.id ?? ''}`;
  useEffect(() => {
    if (key === '0:') return;
    let cancelled = false;
    fetch(`${CONFIG_URL}/history`, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { versions: WhiteLabelVersionSummary[] };
        if (!cancelled) setVersions(body.versions.slice(0, 6));
      })
      .catch((err: unknown) => console.warn('White-label version history could not be loaded:', err));
    return () => {
      cancelled = true;
    };
  }, [key]);
  return versions;
}
