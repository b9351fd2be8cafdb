import { API_ENDPOINTS } from './endpoints';
import { WEBHOOK_EVENTS } from './events';
import { SECTION_TAGS } from './openapi';
import type { ApiOutline } from './outline';
import { API_SECTION_IDS } from './types';

/** The outline (./outline.ts) of the reference data, derived at build time: never restated. */
export function apiOutline(): ApiOutline {
  return {
    sections: API_SECTION_IDS.map((id) => ({ id, label: SECTION_TAGS[id] })),
    endpoints: API_ENDPOINTS.map(({ id, method, path, section, plans }) => ({ id, method, path, section, plans })),
    events: WEBHOOK_EVENTS.map(({ type, plans }) => ({ type, plans })),
  };
}
