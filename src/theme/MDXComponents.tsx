/**
 * Components available in every MDX page without an import. Docs pages render facts through
 * these (limits, endpoints, events, errors), so a number or endpoint is written once in src/data.
 */
import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Accordion from '@site/src/components/Accordion';
import CodeTabs from '@site/src/components/CodeTabs';
import EndpointCard, { Endpoint, EndpointList, EndpointRef } from '@site/src/components/EndpointCard';
import PlanLimitsTable, { PlanLimit } from '@site/src/components/PlanLimitsTable';
import WebhookEventList from '@site/src/components/WebhookEvents';
import SetupPassword from '@site/src/components/SetupPassword';
import { SandboxFixturesTable } from '@site/src/components/SandboxFixtures';
import { EnvironmentVariablesTable, MetricsTable } from '@site/src/components/OperationsTables';
import {
  EndpointAvailabilityTable,
  ErrorBodyExample,
  ErrorTypesTable,
  HttpStatusTable,
  PermissionsTable,
  PlanRestrictions,
  RequestHeadersTable,
  StatusesTable,
  WebhookEventsTable,
  WebhookHeader,
} from '@site/src/components/ApiTables';
import {
  Claim,
  OpenApiDownload,
  PlanReferenceLinks,
  QuickLinks,
  SdkGenerationSamples,
  SecurityClaimsList,
  TypedClientDownload,
  SignatureVerificationSamples,
  SupportCategoriesList,
  SupportResponseTimes,
  Value,
} from '@site/src/components/DocsWidgets';

export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  Accordion,
  CodeTabs,
  EndpointCard,
  EndpointList,
  Endpoint,
  EndpointRef,
  PlanLimitsTable,
  PlanLimit,
  WebhookEventList,
  WebhookEventsTable,
  WebhookHeader,
  SetupPassword,
  SandboxFixturesTable,
  EnvironmentVariablesTable,
  MetricsTable,
  EndpointAvailabilityTable,
  ErrorBodyExample,
  ErrorTypesTable,
  HttpStatusTable,
  PermissionsTable,
  PlanRestrictions,
  RequestHeadersTable,
  StatusesTable,
  OpenApiDownload,
  PlanReferenceLinks,
  QuickLinks,
  SignatureVerificationSamples,
  SdkGenerationSamples,
  TypedClientDownload,
  Value,
  Claim,
  SecurityClaimsList,
  SupportResponseTimes,
  SupportCategoriesList,
};
