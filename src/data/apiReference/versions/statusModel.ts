/** 2026-11-28: one status vocabulary: lowercase everywhere, and each object's enum lists every status it can reach. */
import { STATUSES } from '../common';
import type { JsonSchema } from '../types';
import type { JsonObject, VersionChange } from './types';

/** v1 documents a sync job as only ever processing, yet its own sync.completed event carries completed. */
export const SYNC_JOB_STATUSES = [...STATUSES.syncJob, 'completed', 'failed'] as const;

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const withEnum = (s: JsonSchema, values: readonly string[], note: string): JsonSchema => ({ ...s, enum: values, description: `${s.description ?? ''} ${note}`.trim() });
const INVOICE_NOTE = 'Lowercase, like every other status.';

export const STATUS_MODEL: VersionChange = {
  id: 'one-status-vocabulary',
  title: 'Statuses are lowercase, and each lists every value it can take',
  why:
    'v1 spells invoice statuses as Xero does (DRAFT, SUBMITTED, PAID) and every other status in lowercase, so one switch over statuses needs two ' +
    'spellings; and it documents a sync job as only ever processing, while its own sync.completed event carries completed. A status ' +
    'model an integrator can switch over exhaustively needs one spelling and the whole set of values.',
  todo:
    'Compare invoice statuses in lowercase (draft, submitted, paid) and send the status filter of GET /xero/invoices in lowercase. Handle a sync ' +
    `job's ${SYNC_JOB_STATUSES.join(', ')}.`,
  samples: ['listInvoices'],
  schemas: (schemas) => ({
    ...schemas,
    Invoice: { ...schemas.Invoice!, properties: { ...schemas.Invoice!.properties, status: withEnum(schemas.Invoice!.properties!.status!, STATUSES.invoice.map((s) => s.toLowerCase()), INVOICE_NOTE) } },
    SyncJob: { ...schemas.SyncJob!, properties: { ...schemas.SyncJob!.properties, status: withEnum(schemas.SyncJob!.properties!.status!, SYNC_JOB_STATUSES, '') } },
  }),
  params: (endpoint, params) =>
    endpoint.id === 'listInvoices' ? params.map((p) => (p.name === 'status' ? { ...p, schema: withEnum(p.schema, STATUSES.invoice.map((s) => s.toLowerCase()), INVOICE_NOTE) } : p)) : params,
  upgradeObject: (schema, value) => (schema === 'Invoice' ? { ...value, status: lower(value.status) } : value),
  upgradeParams: (id, values: JsonObject) => (id === 'listInvoices' && 'status' in values ? { ...values, status: lower(values.status) } : values),
  downgradeParams: (id, values: JsonObject) => (id === 'listInvoices' && 'status' in values ? { ...values, status: upper(values.status) } : values),
};
