/**
 * The docs' code samples in language tabs. Apart from the other docs widgets because they bring
 * the code tabs (and, once shown, Prism): pages that import a widget without a sample, like
 * /documentation, do not load them.
 */
import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import CodeTabs from '@site/src/components/CodeTabs';
import { LEDGERLINE_CLI, ledgerlineLine, ledgerlineOutcome, ledgerlineSample } from '@site/src/data/sandbox';
import { SAMPLE_IDS } from '@site/src/data/apiReference/common';
import { EXAMPLES } from '@site/src/data/apiReference/entities';
import { useSiteAddresses } from '@site/src/lib/useSiteAddresses';
import { NODE_VERIFY_SAMPLE, OPENAPI_URL_PUBLIC, PYTHON_VERIFY_SAMPLE, SHELL_VERIFY_SAMPLE } from '@site/src/data/apiReference/public';

/** Commands generating a typed client from the published OpenAPI document. */
export function SdkGenerationSamples(): ReactNode {
  const url = `${useSiteAddresses().siteUrl}${OPENAPI_URL_PUBLIC}`;
  return (
    <CodeTabs
      labels={{ curl: 'Any language', node: 'TypeScript', python: 'Python' }}
      samples={{
        curl: `# Pick a generator from https://openapi-generator.tech (go, java, ruby, php, ...)\nnpx @openapitools/openapi-generator-cli generate -i ${url} -g go -o ledgerline-go`,
        node: `npx openapi-typescript ${url} -o ledgerline-api.d.ts`,
        python: `pip install openapi-python-client\nopenapi-python-client generate --url ${url}`,
      }}
    />
  );
}

export function SignatureVerificationSamples(): ReactNode {
  return <CodeTabs samples={{ curl: SHELL_VERIFY_SAMPLE, node: NODE_VERIFY_SAMPLE, python: PYTHON_VERIFY_SAMPLE }} labels={{ curl: 'Shell (openssl)' }} />;
}

/** `ledgerline listen` and `trigger` against this site, with an event the key's sample webhook subscribes to. */
export function LedgerlineSample(): ReactNode {
  return <CodeBlock language="bash">{ledgerlineSample(useSiteAddresses().siteUrl, EXAMPLES.Webhook.events[1]!)}</CodeBlock>;
}

/** What `ledgerline listen` prints: a delivery your handler accepted, then one sent while it was down. */
export function LedgerlineOutputSample(): ReactNode {
  const type = EXAMPLES.Webhook.events[1]!;
  return (
    <CodeBlock language="text">
      {[
        ledgerlineLine('14:02:07', type, 'evt_4fQ9c2LmT0aB7xZk', ledgerlineOutcome.answered(200, 'OK', 12, SAMPLE_IDS.webhook)),
        ledgerlineLine('14:02:31', type, 'evt_Vt7pR1sKd3uW8yNe', ledgerlineOutcome.failed('ECONNREFUSED', LEDGERLINE_CLI.exampleForwardTo)),
      ].join('\n')}
    </CodeBlock>
  );
}
