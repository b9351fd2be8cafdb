import type { CheckoutTables } from '../checkout/table';
import type { ContactTables } from '../contact/table';
import type { FormTokenTables } from '../form-token/table';
import type { OutboxTables } from '../mail/table';
import type { SandboxClockTables } from '../sandbox/clock/table';
import type { SandboxEventTables } from '../sandbox/events/table';
import type { SandboxTables } from '../sandbox/table';
import type { WebhookQueueTables } from '../sandbox/webhooks/table';
import type { SupportTables } from '../support/table';
import type { WhiteLabelTables } from '../white-label/table';

/**
 * The tables as the queries see them, on both engines: each feature declares its own in its
 * table.ts, beside its migrations. Timestamps meant for people are ISO-8601 text (they sort as
 * text on both engines); those the code computes with are epoch milliseconds (BIGINT on
 * PostgreSQL, read back as numbers: see openStorage).
 */
export interface Schema extends SupportTables, ContactTables, WhiteLabelTables, CheckoutTables, FormTokenTables, SandboxTables, WebhookQueueTables, SandboxEventTables, SandboxClockTables, OutboxTables {
  schema_migrations: { id: string; applied_at: string };
}
