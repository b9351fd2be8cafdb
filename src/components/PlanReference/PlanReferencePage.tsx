import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import { useEffect, useState, type ReactNode } from 'react';
import { getPlan, isPlanId, type PlanId } from '@site/src/data/plans';

interface Props {
  /** Set for the prerendered /api-docs/{starter|business|enterprise} routes; absent on the :planId fallback. */
  planId?: PlanId;
}

/** Reads the plan from the URL after hydration: reading it during render breaks hydration of the static fallback page. */
function usePlanIdFromProps(planId: PlanId | undefined): PlanId | undefined {
  const [resolved, setResolved] = useState<PlanId | undefined>(planId);
  useEffect(() => {
    if (planId) return;
    const segment = window.location.pathname.split('/').filter(Boolean)[1];
    setResolved(isPlanId(segment) ? segment : undefined);
  }, [planId]);
  return resolved ?? planId;
}

export default function PlanReferencePage({ planId }: Props): ReactNode {
  const plan = getPlan(usePlanIdFromProps(planId));
  return (
    <Layout title={`${plan.name} API Reference`} description={`API reference and limits of the ${plan.name} plan`}>
      <main className="container margin-vert--lg">
        <Heading as="h1">{plan.name} API Reference</Heading>
      </main>
    </Layout>
  );
}
