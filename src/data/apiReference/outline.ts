/**
 * What a page needs to know about the reference without its details: each endpoint's method,
 * path, section and plans, each event's plans, the section names. The plan pages get it as a
 * route prop (src/plugins/planRoutes.ts, from ./apiOutline.ts at build time), so their start-up
 * parses a small JSON module instead of evaluating the whole reference (schemas, examples,
 * samples); the cards, which need the rest, load with their sections
 * (src/components/ReferenceParts). Light on purpose: types and plain functions.
 */
import type { ApiEndpoint, ApiSectionId, WebhookEventDoc } from './types';

export type EndpointOutline = Pick<ApiEndpoint, 'id' | 'method' | 'path' | 'section' | 'plans'>;
export type EventOutline = Pick<WebhookEventDoc, 'type' | 'plans'>;

export interface ApiOutline {
  sections: readonly { id: ApiSectionId; label: string }[];
  endpoints: readonly EndpointOutline[];
  events: readonly EventOutline[];
}

/** Endpoints of one section, in reference order. */
export function outlineEndpointsOf(outline: ApiOutline, section: ApiSectionId): readonly EndpointOutline[] {
  return outline.endpoints.filter((e) => e.section === section);
}
