import Layout from '@theme/Layout';
import { useHistory } from '@docusaurus/router';
import type { ReactNode } from 'react';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { TIMINGS } from '@site/src/data/timings';
import SuccessCard from './_components/SuccessCard';
import { browserNavigation, docsPath, useCountdown, useSuccessParams, useSuccessRedirects } from './_utils';

export default function SuccessPage(): ReactNode {
  const params = useSuccessParams();
  const history = useHistory();
  const ready = params !== null;
  const secondsLeft = useCountdown(TIMINGS.countdownStartSeconds, ready);
  useSuccessRedirects(ready, {
    docs: () => params && history.push(docsPath(params.plan.id)),
    auth: () => browserNavigation.assign(EXTERNAL_LINKS.authFlow),
  });
  return (
    <Layout title="Payment Successful" description="Your subscription is confirmed.">
      <main>
        <SuccessCard params={params} secondsLeft={secondsLeft} />
      </main>
    </Layout>
  );
}
