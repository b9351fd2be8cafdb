/** The reference's version switcher: which API version's parameters, samples and answers the page shows. */
import { useId, type ReactNode } from 'react';
import { API_VERSION_NAMES, isApiVersion, LATEST_API_VERSION } from '@site/src/data/apiVersioning';
import { setApiVersion, useApiVersion } from '@site/src/lib/apiVersion';
import styles from './styles.module.css';

export default function ApiVersionSwitch(): ReactNode {
  const id = useId();
  const version = useApiVersion();
  return (
    <span className={styles.switch} data-testid="api-version-switch">
      <label htmlFor={id}>API version</label>{' '}
      <select
        id={id}
        className={styles.select}
        value={version}
        onChange={(e) => {
          if (isApiVersion(e.target.value)) setApiVersion(e.target.value);
        }}>
        {[...API_VERSION_NAMES].reverse().map((v) => (
          <option key={v} value={v}>
            {v}
            {v === LATEST_API_VERSION ? ' (newest)' : ''}
          </option>
        ))}
      </select>{' '}
      <a href="/documentation/versioning">What changes</a>
    </span>
  );
}
