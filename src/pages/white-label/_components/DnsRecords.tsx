import type { ReactNode } from 'react';
import { COPIED_LABEL } from '@site/src/data/clipboard';
import { useCopy } from '@site/src/lib/useCopy';
import { dnsRecords, isApexDomain } from '@site/src/lib/whiteLabel';
import Warning from './Warning';
import styles from './DnsRecords.module.css';

function CopyButton({ text, label }: { text: string; label: string }): ReactNode {
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      className={styles.copyButton}
      aria-label={copied ? COPIED_LABEL : `Copy ${label}`}
      onClick={() => void copy(text)}
    >
      {copied ? COPIED_LABEL : 'Copy'}
    </button>
  );
}

interface DnsRecordsProps {
  organizationId: string;
  domain: string;
  onSetDomain: () => void;
}

/** The CNAME and TXT records a client creates at their DNS host for the chosen domain. */
export default function DnsRecords({ organizationId, domain, onSetDomain }: DnsRecordsProps): ReactNode {
  if (!domain.trim()) {
    return (
      <div className={styles.emptyState}>
        <p>Set the domain your clients will use first; the records depend on it.</p>
        <button type="button" className="button button--primary" onClick={onSetDomain}>
          Set domain
        </button>
      </div>
    );
  }
  const records = dnsRecords(organizationId, domain);
  return (
    <div className={styles.dns}>
      <p>
        Create these records at your DNS provider for <strong>{domain.trim().toLowerCase()}</strong>. Changes usually take effect within an hour; we issue the TLS certificate once both resolve.
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.dnsTable}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.type} data-testid={`dns-${r.type}`}>
                <th scope="row">
                  <span className={styles.recordType}>{r.type}</span>
                </th>
                <td>
                  <code>{r.name}</code> <CopyButton text={r.name} label={`${r.type} name`} />
                </td>
                <td>
                  <code>{r.value}</code> <CopyButton text={r.value} label={`${r.type} value`} />
                  <span className={styles.recordPurpose}>{r.purpose}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isApexDomain(domain) && (
        <Warning>{domain.trim()} is a root domain, where most DNS providers do not allow a CNAME. Use their ALIAS or ANAME record with the same value, or choose a subdomain such as banking.{domain.trim()}.</Warning>
      )}
    </div>
  );
}
