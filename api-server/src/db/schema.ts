import type { ColumnType, Generated } from 'kysely';
import type { IdempotencyTable } from '../http/idempotency/table';

/**
 * The tables as the queries see them, on both engines. Timestamps meant for people are ISO-8601
 * text (they sort as text on both engines); those the code computes with are epoch milliseconds
 * (BIGINT on PostgreSQL, read back as numbers: see openStorage).
 */
export interface Schema {
  schema_migrations: { id: string; applied_at: string };
  support_tickets: {
    id: Generated<number>;
    ticket_id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    priority: string;
    category: string;
    account_id: string | null;
    status: Generated<string>;
    created_at: string;
    respond_by: string;
  };
  contact_messages: {
    id: string;
    name: string;
    email: string;
    company: string | null;
    phone: string | null;
    message: string;
    created_at: string;
  };
  white_label_configs: {
    id: string;
    organization_id: string;
    version: number;
    data: string;
    is_active: Generated<number>;
    created_at: string;
    created_by: string;
  };
  white_label_deployments: {
    id: string;
    organization_id: string;
    config_id: string;
    domain: string;
    created_at: string;
    created_by: string;
  };
  checkout_orders: {
    id: string;
    plan_id: string;
    plan_name: string;
    amount_cents: number;
    currency: string;
    period: string;
    customer_name: string;
    customer_email: string;
    status: 'pending' | 'paid' | 'failed';
    provider: string;
    provider_session_id: string | null;
    failure_reason: string | null;
    created_at: string;
    updated_at: string;
    paid_at: string | null;
  };
  server_secrets: {
    name: string;
    value: string;
  };
  checkout_idempotency: IdempotencyTable;
  /** v1 sandbox test keys, by the SHA-256 of the key (the key itself is shown once, never stored). */
  sandbox_keys: {
    id: string;
    plan: string;
    created_at: number;
    expires_at: number;
  };
  /** What sandbox keys created: documented entities as JSON, by kind, paged by seq. */
  sandbox_objects: {
    seq: Generated<number>;
    key_id: string;
    kind: string;
    id: string;
    /** The account of a transaction, the webhook of a delivery: what a list is filtered by. */
    parent_id: string | null;
    data: string;
    created_at: number;
  };
  sandbox_idempotency_keys: IdempotencyTable;
  outbox: {
    id: Generated<number>;
    ref: string;
    message_id: string;
    to_addr: string;
    from_addr: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: ColumnType<'pending' | 'sent' | 'dead', 'pending' | 'sent' | 'dead' | undefined>;
    attempts: Generated<number>;
    next_attempt_at: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
    queued_at: number | null;
    /** The worker delivering it now, until lease_until (epoch ms); then any worker may claim it again. */
    claimed_by: string | null;
    lease_until: number | null;
  };
}
