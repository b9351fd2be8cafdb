/** The Operations page's reference tables, rendered from src/data/operations. */
import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { Table } from '@site/src/components/ApiTables';
import { NODE_LINES } from '@site/src/data/nodeLines';
import { ENV_ROWS, METRICS, SERVER_MEMORY, shownDefault, type EnvGroup } from '@site/src/data/operations';

/** Long names (mail_outbox_oldest_pending_age_seconds) may wrap after an underscore, not mid-word. */
function Name({ children }: { children: string }): ReactNode {
  if (children.length <= 22) return <code>{children}</code>;
  const parts = children.split('_');
  return <code>{parts.map((p, i) => (i < parts.length - 1 ? <span key={i}>{p}_<wbr /></span> : <span key={i}>{p}</span>))}</code>;
}

/** Environment variables of one group (or all), with their defaults. */
export function EnvironmentVariablesTable({ group }: { group?: EnvGroup }): ReactNode {
  const rows = ENV_ROWS.filter((v) => group === undefined || v.group === group);
  return (
    <Table head={['Variable', 'Default', 'Meaning']} label={group ? `${group} environment variables` : 'Environment variables'}>
      {rows.map((v) => {
        const shown = shownDefault(v);
        return (
          <tr key={v.name} id={`env-${v.name.toLowerCase().replace(/_/g, '-')}`}>
            <td>
              <Name>{v.name}</Name>
            </td>
            <td>{shown === undefined ? 'unset' : <code>{shown}</code>}</td>
            <td>{v.meaning}</td>
          </tr>
        );
      })}
    </Table>
  );
}

export function MetricsTable(): ReactNode {
  return (
    <Table head={['Metric', 'Type', 'Labels', 'Meaning']} label="Metrics">
      {METRICS.map((m) => (
        <tr key={m.name}>
          <td>
            <Name>{m.name}</Name>
          </td>
          <td>{m.type}</td>
          <td>{m.labels.length ? m.labels.map((l, i) => <span key={l}>{i ? ', ' : ''}<code>{l}</code></span>) : 'none'}</td>
          <td>{m.meaning}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The server's start command with package.json's Node flags (docusaurus.config.ts reads them into customFields). */
export function StartCommand(): ReactNode {
  const flags = useDocusaurusContext().siteConfig.customFields?.serverNodeFlags;
  const shown = Array.isArray(flags) ? flags.filter((f): f is string => typeof f === 'string') : [];
  return <code>{['node', ...shown, 'dist-server/index.js'].join(' ')}</code>;
}

/** Peak memory of one loaded instance on each Node line, with the start flags and without. */
export function ServerMemoryTable(): ReactNode {
  return (
    <Table head={['Node.js', 'Peak RSS with the flags', 'Without them']} label="Peak memory of one instance">
      {NODE_LINES.map((line) => (
        <tr key={line}>
          <td>{line}</td>
          <td>{SERVER_MEMORY.peakRssMb[line].withFlags} MB</td>
          <td>{SERVER_MEMORY.peakRssMb[line].withoutFlags} MB</td>
        </tr>
      ))}
    </Table>
  );
}
