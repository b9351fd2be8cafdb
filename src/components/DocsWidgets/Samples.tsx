/**
 * The docs' code samples in language tabs. Apart from the other docs widgets because they bring
 * the code tabs (and, once shown, Prism): pages that import a widget without a sample, like
 * /documentation, do not load them.
 */
import type { ReactNode } from 'react';
import CodeTabs from '@site/src/components/CodeTabs';
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
