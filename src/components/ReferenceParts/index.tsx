import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import LazyHydrate from '@site/src/components/LazyHydrate';
import { useInIsland } from '@site/src/components/LazyHydrate/_context';
import { loadedReferenceParts, loadReferenceParts, PART_ATTRIBUTE } from './_load';

type Parts = typeof import('./_parts');

/**
 * A stand-in for one of the reference's heavy parts (./_parts.ts): same name and props, but the
 * page's own chunk holds neither the part nor the reference data behind it.
 *
 * Server rendering waits for the chunk (no Suspense boundary: the HTML holds the part). In the
 * browser the part is an island (src/components/LazyHydrate), or inside one (a section closed at
 * load): the page hydrates without it, and when the island comes alive it awaits the chunk, then
 * renders the same markup. Rendered by a client-side navigation, the part waits inside Suspense.
 * The wrapper is a plain block, not `display: contents`: the island observes its first box.
 */
function standIn<Props extends object>(name: string, pick: (parts: Parts) => ComponentType<Props>): (props: Props) => ReactNode {
  const Lazy = lazy(async () => ({ default: pick(await loadReferenceParts()) }));
  function ReferencePart(props: Props): ReactNode {
    const isBrowser = useIsBrowser();
    const inIsland = useInIsland();
    // Fixed for the part's lifetime: a change would remount it.
    const [withBoundary] = useState(isBrowser);
    const [Part] = useState((): ComponentType<Props> => {
      const parts = loadedReferenceParts();
      return parts ? pick(parts) : Lazy;
    });
    const part = (
      <div {...{ [PART_ATTRIBUTE]: name }}>
        {withBoundary ? (
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <Part {...props} />
          </Suspense>
        ) : (
          <Part {...props} />
        )}
      </div>
    );
    return inIsland ? part : <LazyHydrate>{part}</LazyHydrate>;
  }
  ReferencePart.displayName = `ReferencePart(${name})`;
  return ReferencePart;
}

export const Endpoint = standIn('Endpoint', (m) => m.Endpoint);
export const EndpointList = standIn('EndpointList', (m) => m.EndpointList);
export const WebhookEventList = standIn('WebhookEventList', (m) => m.WebhookEventList);
export const EndpointAvailabilityTable = standIn('EndpointAvailabilityTable', (m) => m.EndpointAvailabilityTable);
export const ErrorBodyExample = standIn('ErrorBodyExample', (m) => m.ErrorBodyExample);
export const ErrorTypesTable = standIn('ErrorTypesTable', (m) => m.ErrorTypesTable);
export const HttpStatusTable = standIn('HttpStatusTable', (m) => m.HttpStatusTable);
export const PermissionsTable = standIn('PermissionsTable', (m) => m.PermissionsTable);
export const PlanRestrictions = standIn('PlanRestrictions', (m) => m.PlanRestrictions);
export const StatusesTable = standIn('StatusesTable', (m) => m.StatusesTable);
export const WebhookEventsTable = standIn('WebhookEventsTable', (m) => m.WebhookEventsTable);
export const LedgerlineOutputSample = standIn('LedgerlineOutputSample', (m) => m.LedgerlineOutputSample);
export const LedgerlineSample = standIn('LedgerlineSample', (m) => m.LedgerlineSample);
export const SdkGenerationSamples = standIn('SdkGenerationSamples', (m) => m.SdkGenerationSamples);
export const SignatureVerificationSamples = standIn('SignatureVerificationSamples', (m) => m.SignatureVerificationSamples);
