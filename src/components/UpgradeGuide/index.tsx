/** The upgrade guide of one API version, from its typed changes (src/data/apiReference/versions) and the computed changelog. */
import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { curlSample } from '@site/src/data/apiReference/samples';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';
import { referenceFor, VERSION_CHANGES, type VersionChange } from '@site/src/data/apiReference/versions';
import { API_VERSION_NAMES, type ApiVersionName } from '@site/src/data/apiVersioning';
import type { ChangelogEntry } from '@site/src/plugins/apiChangelog/changelog';
import { useSiteAddresses } from '@site/src/lib/useSiteAddresses';
import styles from './styles.module.css';

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** One call before and after: the request as each version's sample sends it, and its answer. */
function Sample({ id, from, to }: { id: string; from: ApiVersionName; to: ApiVersionName }): ReactNode {
  const base = `${useSiteAddresses().siteUrl}${SANDBOX_BASE_PATH}`;
  const sides = [from, to].map((version) => ({ version, endpoint: referenceFor(version).endpoints.find((e) => e.id === id)! }));
  return (
    <div className={styles.pair} data-sample={id}>
      {sides.map(({ version, endpoint }) => (
        <div key={version}>
          <p className={styles.side}>
            {version === from ? 'Before' : 'After'}: <code>X-API-Version: {version}</code>
          </p>
          <CodeBlock language="bash">{curlSample(endpoint, base, undefined, version)}</CodeBlock>
          <CodeBlock language="json">{json(endpoint.response.example)}</CodeBlock>
        </div>
      ))}
    </div>
  );
}

function Change({ change, from, to }: { change: VersionChange; from: ApiVersionName; to: ApiVersionName }): ReactNode {
  return (
    <section aria-labelledby={change.id}>
      <h2 id={change.id}>{change.title}</h2>
      <p>
        <strong>Why.</strong> {change.why}
      </p>
      <p>
        <strong>What to do.</strong> {change.todo}
      </p>
      {change.samples.map((id) => (
        <Sample key={id} id={id} from={from} to={to} />
      ))}
    </section>
  );
}

/**
 * Each change of `version` with why and what to do and its before/after samples, then every
 * breaking change the diff tool computed between the two documents (`changelog`, the generated
 * changelog's data), so the guide leaves none out.
 */
export default function UpgradeGuide({ version, changelog }: { version: ApiVersionName; changelog: readonly ChangelogEntry[] }): ReactNode {
  const from = API_VERSION_NAMES[API_VERSION_NAMES.indexOf(version) - 1]!;
  const entry = changelog.find((e) => e.version === version && e.since?.version === from);
  const breaking = entry?.changes.filter((c) => c.kind === 'breaking') ?? [];
  return (
    <>
      {VERSION_CHANGES[version].map((change) => (
        <Change key={change.id} change={change} from={from} to={version} />
      ))}
      <section aria-labelledby="every-breaking-change">
        <h2 id="every-breaking-change">Every breaking change, as the diff tool finds it</h2>
        <p>
          {breaking.length} changes between the <code>{from}</code> and <code>{version}</code> documents are classified breaking (the{' '}
          <a href={`/documentation/changelog#${entry?.id ?? ''}`}>changelog</a> lists the others too). Each is one of the changes above, or the version header
          naming <code>{version}</code>.
        </p>
        <ul className={styles.changes}>
          {breaking.map((c) => (
            <li key={c.id} data-change-id={c.id}>
              {c.description} <code>{c.pointer}</code>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
