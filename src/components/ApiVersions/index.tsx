/** The versions table of the versioning page, from the one registry (src/data/apiVersioning.ts). */
import type { ReactNode } from 'react';
import { Table } from '@site/src/components/ApiTables';
import { API_VERSION_POLICY, API_VERSIONS, apiVersionStatus, openApiUrls } from '@site/src/data/apiVersioning';

/** Upgrade guides by version: each dated version has one (docs/guide/upgrade-<version>.mdx). */
const guide = (name: string) => (name === 'v1' ? null : `/documentation/upgrade-${name}`);

export function ApiVersionsTable(): ReactNode {
  return (
    <Table head={['X-API-Version', 'Released', 'Supported', 'Document', 'Upgrade guide']} label="API versions">
      {[...API_VERSIONS].reverse().map((v) => {
        // Support ends a fixed time after the successor's release: a date, whatever day the page is read.
        const { supportedUntil } = apiVersionStatus(v.name, v.released);
        return (
          <tr key={v.name}>
            <td>
              <code>{v.name}</code>
            </td>
            <td>{v.released}</td>
            <td>{supportedUntil ? `until at least ${supportedUntil} (${API_VERSION_POLICY.supportMonthsAfterSuccessor} months after ${v.successor})` : 'newest'}</td>
            <td>
              <a href={openApiUrls(v.name).yaml}>YAML</a> · <a href={openApiUrls(v.name).json}>JSON</a>
            </td>
            <td>{guide(v.name) ? <a href={guide(v.name)!}>Upgrading to {v.name}</a> : '—'}</td>
          </tr>
        );
      })}
    </Table>
  );
}
