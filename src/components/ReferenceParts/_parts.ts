/**
 * The reference's heavy parts, with the data they render: a chunk of its own, loaded on demand
 * (./_load.ts). MDX pages import their stand-ins from ./index.tsx instead.
 */
export { Endpoint, EndpointList } from '@site/src/components/EndpointCard';
export { default as WebhookEventList } from '@site/src/components/WebhookEvents';
export {
  EndpointAvailabilityTable,
  ErrorBodyExample,
  ErrorTypesTable,
  HttpStatusTable,
  PermissionsTable,
  PlanRestrictions,
  StatusesTable,
  WebhookEventsTable,
} from '@site/src/components/ApiTables';
export { LedgerlineOutputSample, LedgerlineSample, SdkGenerationSamples, SignatureVerificationSamples } from '@site/src/components/DocsWidgets/Samples';
