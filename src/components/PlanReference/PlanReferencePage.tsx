import Head from '@docusaurus/Head';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { getPlan, hasUpgrade, isPlanId, type PlanId } from '@site/src/data/plans';
import { getPlanDocProfile } from '@site/src/data/planProfiles';
import type { ApiOutline } from '@site/src/data/apiReference/outline';
import { planSidebar } from '@site/src/lib/apiSidebar';
import { useSiteAddresses } from '@site/src/lib/useSiteAddresses';
import ApiReferenceLayout from '@site/src/components/ApiReferenceLayout';
import { QuickLinks } from '@site/src/components/DocsWidgets';
import PlanHeader from './PlanHeader';
import PlanLimitsGrid from './PlanLimitsGrid';
import PlanSections, { planSectionLinks } from './PlanSections';
import UpgradeCta from './UpgradeCta';

interface Props {
  /** Set for the prerendered /api-docs/{starter|business|enterprise} routes; absent on the :planId fallback. */
  planId?: PlanId;
  /** The reference's outline, computed at build time (src/plugins/planRoutes.ts). */
  outline: ApiOutline;
}

/**
 * Plan of the fallback route, read from the URL after hydration: reading it during render breaks
 * hydration of the static fallback page. Unknown values fall back to starter (spec section 2).
 */
export function usePlanId(planId: PlanId | undefined): PlanId {
  const { pathname } = useLocation();
  const [fromUrl, setFromUrl] = useState<PlanId | undefined>(undefined);
  useEffect(() => {
    if (planId) return;
    const segment = pathname.split('/').filter(Boolean)[1];
    setFromUrl(isPlanId(segment) ? segment : undefined);
  }, [planId, pathname]);
  return getPlan(planId ?? fromUrl).id;
}

/** /api-docs/{planId}: the API reference as one plan sees it, in the layout of /api-docs. */
export default function PlanReferencePage({ planId, outline }: Props): ReactNode {
  const plan = usePlanId(planId);
  const profile = getPlanDocProfile(plan);
  const { siteUrl } = useSiteAddresses();
  return (
    <ApiReferenceLayout
      title={`${profile.name} API Reference`}
      description={`${profile.name} (${profile.priceLabel}): API limits, endpoints and webhook events. ${profile.description}`}
      sidebar={planSidebar(outline, plan)}
      breadcrumb={profile.name}
      articleProps={{ 'data-plan': plan, style: { ['--plan-color' as string]: profile.color } }}>
      {planId ? null : (
        // The fallback route's own path is the literal pattern /api-docs/:planId; it shows the
        // starter content, so that page is its canonical (and the URL a share card points at).
        <Head>
          <link rel="canonical" href={`${siteUrl}/api-docs/${plan}`} />
          <meta property="og:url" content={`${siteUrl}/api-docs/${plan}`} />
        </Head>
      )}
      <PlanHeader profile={profile} />
      <QuickLinks label="Jump to" links={planSectionLinks(plan).map((s) => ({ href: `#${s.id}`, label: `#${s.id}` }))} />
      <PlanLimitsGrid plan={plan} features={profile.features} />
      <PlanSections plan={plan} outline={outline} />
      {hasUpgrade(plan) ? <UpgradeCta plan={plan} outline={outline} /> : null}
    </ApiReferenceLayout>
  );
}
