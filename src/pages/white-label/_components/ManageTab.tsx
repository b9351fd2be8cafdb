import { useState, type ReactNode } from 'react';
import Dialog from '@site/src/components/Dialog';
import { FormAlert } from '@site/src/components/Form';
import { backgroundTheme } from '@site/src/lib/whiteLabel';
import { formatDateTime as when } from '@site/src/lib/dates';
import type { WhiteLabelVersionSummary } from '@site/src/schemas/whiteLabel';
import { downloadConfig } from '../_utils/configFile';
import { useVersionHistory } from '../_utils/useVersionHistory';
import type { WhiteLabelState } from '../_utils/useWhiteLabel';
import DnsRecords from './DnsRecords';
import Preview from './Preview';
import Card, { Hint, SectionTitle } from './Card';
import LinkButton from './LinkButton';
import StatusPill, { StatusNote } from './StatusPill';
import styles from './ManageTab.module.css';


/** Status in words: a saved version may be live, waiting for deployment, or never deployed. */
export function platformStatus(s: Pick<WhiteLabelState, 'config' | 'meta'>): { label: string; tone: 'live' | 'pending' | 'off' } {
  if (s.config.isActive) return { label: 'Active', tone: 'live' };
  if (s.meta?.lastDeployment) return { label: 'Changes not deployed', tone: 'pending' };
  return { label: 'Not deployed', tone: 'off' };
}

interface ManageTabProps {
  state: WhiteLabelState;
  onSetDomain: () => void;
}

export default function ManageTab({ state, onSetDomain }: ManageTabProps): ReactNode {
  const { config, meta, dirty } = state;
  const [dialog, setDialog] = useState<'preview' | 'dns' | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const history = useVersionHistory(meta);
  const status = platformStatus(state);
  const last = meta?.lastDeployment;
  const [restored, setRestored] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // Rollback re-saves the old fields as a new version, so nothing in the history is lost;
  // it replaces unsaved edits, hence the confirmation.
  const onRestore = async (v: WhiteLabelVersionSummary) => {
    if (dirty && !window.confirm(`Restore version ${v.version}? Your unsaved changes will be replaced.`)) return;
    const result = await state.restore(v.fields);
    setRestored(result.ok ? { kind: 'success', text: `Restored version ${v.version} as the newest version. Deploy it to make it live.` } : { kind: 'error', text: `Version ${v.version} could not be restored. Please try again.` });
  };

  const cards = [
    { title: 'Status', value: <StatusPill tone={status.tone}>{status.label}</StatusPill>, note: config.isActive ? `Serving version ${last?.version ?? meta?.version}` : 'Deploy from the Deploy tab' },
    { title: 'Domain', value: config.domain.trim() || 'Not set', note: config.domain.trim() ? 'Custom domain' : 'Add one on the Branding tab' },
    { title: 'Last Deployment', value: last ? when(last.deployedAt) : 'Never', note: last ? `Version ${last.version} by ${last.deployedBy}` : 'No deployment yet' },
    { title: 'Configuration Version', value: meta ? `v${meta.version}` : 'Unsaved', note: meta ? `${dirty ? 'Unsaved changes · ' : ''}saved ${when(meta.savedAt)}` : 'Save to create version 1' },
  ];

  const theme = backgroundTheme(config.backgroundGradient);
  const summary: [string, ReactNode][] = [
    ['Company Name', config.companyName],
    ['Domain', config.domain || '—'],
    ['Logo URL', config.logoUrl || '—'],
    ['Favicon URL', config.faviconUrl || '—'],
    ['Font Family', config.fontFamily],
    ...(['primaryColor', 'secondaryColor', 'accentColor'] as const).map((k): [string, ReactNode] => [
      { primaryColor: 'Primary Color', secondaryColor: 'Secondary Color', accentColor: 'Accent Color' }[k],
      <span key={k} className={styles.summarySwatch}>
        <span style={{ background: config[k] }} aria-hidden="true" />
        {config[k]}
      </span>,
    ]),
    ['Background Theme', theme.name],
    ['Email From Name', config.emailFromName || '—'],
    ['Contact Email', config.contactEmail || '—'],
    ['Contact Phone', config.contactPhone || '—'],
    ['Organization ID', config.organizationId],
    ['Configuration ID', config.id ?? 'Not saved yet'],
  ];

  return (
    <div className={styles.manage}>
      <ul className={styles.statusGrid} aria-label="Platform status">
        {cards.map((c) => (
          <Card as="li" key={c.title} className={styles.statusCard} data-testid={`status-${c.title.toLowerCase().replace(/\s+/g, '-')}`}>
            <span className={styles.statusTitle}>{c.title}</span>
            <span className={styles.statusValue}>{c.value}</span>
            <StatusNote>{c.note}</StatusNote>
          </Card>
        ))}
      </ul>

      <Card aria-labelledby="wl-actions-title">
        <SectionTitle id="wl-actions-title">
          Quick Actions
        </SectionTitle>
        <div className={styles.quickActions}>
          <button type="button" className={styles.quickAction} onClick={() => setDialog('preview')}>
            <strong>Preview Platform</strong>
            <span>See your branded platform full screen.</span>
          </button>
          <button type="button" className={styles.quickAction} onClick={() => setExported(downloadConfig(config))}>
            <strong>Export Configuration</strong>
            <span>Download the JSON file with its custom CSS.</span>
          </button>
          <button type="button" className={styles.quickAction} onClick={() => setDialog('dns')}>
            <strong>Update DNS</strong>
            <span>The CNAME and TXT records for your domain.</span>
          </button>
        </div>
        {exported && <FormAlert kind="success">Downloaded {exported}</FormAlert>}
      </Card>

      <div className={styles.manageColumns}>
        <Card aria-labelledby="wl-summary-title">
          <SectionTitle id="wl-summary-title">
            Configuration Summary
          </SectionTitle>
          <dl className={styles.summary}>
            {summary.map(([k, v]) => (
              <div key={k} className={styles.summaryRow}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card aria-labelledby="wl-history-title">
          <SectionTitle id="wl-history-title">
            Version History
          </SectionTitle>
          {history.length === 0 ? (
            <Hint>No saved versions yet.</Hint>
          ) : (
            <ol className={styles.history}>
              {history.map((v) => (
                <li key={v.id}>
                  <span className={styles.historyVersion}>v{v.version}</span>
                  <span className={styles.historyText}>
                    {v.companyName}
                    <StatusNote>
                      {when(v.savedAt)} by {v.savedBy}
                    </StatusNote>
                  </span>
                  {v.isActive && <StatusPill tone="live">Deployed</StatusPill>}
                  {v.version !== meta?.version && (
                    <LinkButton disabled={state.saveStatus === 'submitting'} onClick={() => void onRestore(v)} aria-label={`Restore version ${v.version}`}>
                      Restore
                    </LinkButton>
                  )}
                </li>
              ))}
            </ol>
          )}
          {restored && <FormAlert kind={restored.kind}>{restored.text}</FormAlert>}
        </Card>
      </div>

      <Dialog open={dialog === 'preview'} onClose={() => setDialog(null)} title={`Preview: ${config.companyName}`} size="screen">
        <Preview config={config} size="full" />
      </Dialog>
      <Dialog open={dialog === 'dns'} onClose={() => setDialog(null)} title="Update DNS" className={styles.dnsDialog}>
        <DnsRecords
          organizationId={config.organizationId}
          domain={config.domain}
          onSetDomain={() => {
            setDialog(null);
            onSetDomain();
          }}
        />
      </Dialog>
    </div>
  );
}
