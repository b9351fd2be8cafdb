/** The Operations page's reference tables, rendered from src/data/operations. */
import type { ReactNode } from 'react';
import { Table } from '@site/src/components/ApiTables';
import { ENV_ROWS, METRICS, shownDefault, type EnvGroup } from '@site/src/data/operations';

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
