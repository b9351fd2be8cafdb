import { useRef, useState, type ReactNode } from 'react';
import { FormAlert, Spinner } from '@site/src/components/Form';
import { formatDateTime } from '@site/src/lib/dates';
import { downloadConfig, parseImport } from '../_utils/configFile';
import { INVALID_MESSAGE, MESSAGES } from '../_utils/messages';
import type { WhiteLabelState } from '../_utils/useWhiteLabel';
import { BrandingFields, ColorFields, ContactFields } from './ConfigFields';
import Preview from './Preview';
import Tabs from './Tabs';
import { visuallyHiddenClass } from '@site/src/components/VisuallyHidden';
import { SectionTitle } from './Card';
import { Unsaved } from './StatusPill';
import styles from './ConfigureTab.module.css';

export type SubTab = 'branding' | 'colors' | 'contact';

// Which sub-tab holds each field, to reveal the first invalid one after a failed save.
const FIELD_TAB: Record<string, SubTab> = {
  companyName: 'branding',
  domain: 'branding',
  logoUrl: 'branding',
  faviconUrl: 'branding',
  fontFamily: 'branding',
  primaryColor: 'colors',
  secondaryColor: 'colors',
  accentColor: 'colors',
  backgroundGradient: 'colors',
  emailFromName: 'contact',
  contactEmail: 'contact',
  contactPhone: 'contact',
};

interface ConfigureTabProps {
  state: WhiteLabelState;
  /** Lifted to the page so other tabs can send the user to a field. */
  sub: SubTab;
  onSub: (s: SubTab) => void;
}

export default function ConfigureTab({ state, sub, onSub: setSub }: ConfigureTabProps): ReactNode {
  const { config, errors, update, loading, saveStatus, dirty, saved, meta } = state;
  const [note, setNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onSave = async () => {
    setNote(null);
    const result = await state.save();
    if (!result.ok) {
      // Reveal the first field that needs attention, whichever sub-tab it is on.
      const first = Object.keys(FIELD_TAB).find((k) => k in result.errors);
      if (first) setSub(FIELD_TAB[first]!);
    }
  };

  const onDownload = () => {
    const name = downloadConfig(config);
    setNote({ kind: 'success', text: `Downloaded ${name}` });
  };

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const { config: imported, error } = parseImport(await file.text(), config.organizationId);
    if (fileInput.current) fileInput.current.value = '';
    if (!imported) {
      setNote({ kind: 'error', text: `Could not import ${file.name}: ${error}` });
      return;
    }
    update(imported);
    setNote({ kind: 'success', text: `Imported ${file.name}. Check the preview, then save to keep it.` });
  };

  const busy = saveStatus === 'submitting';
  return (
    <div className={styles.configure}>
      <form
        className={styles.formColumn}
        noValidate
        aria-label="White-label configuration"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        <fieldset disabled={loading} className={styles.plainFieldset}>
          <Tabs
            idPrefix="wl-config"
            label="Configuration sections"
            variant="pill"
            selected={sub}
            onSelect={setSub}
            tabs={[
              { id: 'branding', label: 'Branding', panel: <BrandingFields config={config} errors={errors} update={update} /> },
              { id: 'colors', label: 'Colors', panel: <ColorFields config={config} errors={errors} update={update} /> },
              { id: 'contact', label: 'Contact', panel: <ContactFields config={config} errors={errors} update={update} /> },
            ]}
          />
        </fieldset>

        <div className={styles.actionBar}>
          <button type="submit" className="button button--primary" disabled={loading || busy}>
            {busy && <Spinner label="Saving" />} Save Configuration
          </button>
          <button type="button" className="button button--secondary" onClick={onDownload} disabled={loading}>
            Download Config
          </button>
          <button type="button" className="button button--outline button--secondary" onClick={() => fileInput.current?.click()} disabled={loading}>
            Import Config
          </button>
          <input ref={fileInput} type="file" accept="application/json,.json" className={visuallyHiddenClass} tabIndex={-1} aria-label="Import a configuration file" data-testid="import-input" onChange={(e) => void onImport(e.target.files?.[0])} />
        </div>
        <p className={styles.saveMeta} aria-live="polite">
          {loading ? 'Loading your configuration…' : dirty ? <Unsaved /> : saved && meta ? `Version ${meta.version} saved ${formatDateTime(meta.savedAt)} by ${meta.savedBy}` : 'Not saved yet'}
        </p>
        {saveStatus === 'success' && !dirty && <FormAlert kind="success">{MESSAGES.saveSuccess}</FormAlert>}
        {state.saveInvalid && (
          <FormAlert kind="error" detail={state.detail.save}>
            {INVALID_MESSAGE}
          </FormAlert>
        )}
        {state.saveFailed && (
          <FormAlert kind="error" detail={state.detail.save}>
            {MESSAGES.saveError}
          </FormAlert>
        )}
        {note && <FormAlert kind={note.kind}>{note.text}</FormAlert>}
      </form>

      <section className={styles.previewColumn} aria-labelledby="wl-preview-title">
        <div className={styles.previewHead}>
          <SectionTitle id="wl-preview-title">
            Live Preview
          </SectionTitle>
          <span className={styles.previewHint}>Updates as you type</span>
        </div>
        <Preview config={config} />
      </section>
    </div>
  );
}
