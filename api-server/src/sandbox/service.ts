import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNTING,
  API_ENDPOINTS,
  API_VERSION,
  EXAMPLES,
  PERMISSIONS,
  SAMPLE_IDS,
  STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  type ApiEndpoint,
} from '../../../src/data/apiReference';
import { PLAN_LIMITS, formatLimit } from '../../../src/data/limits';
import { getPlan } from '../../../src/data/plans';
import { SAMPLE_EXPIRIES } from '../../../src/data/timings';
import {
  SANDBOX_DEFAULT_PAGE_SIZE,
  SANDBOX_DELIVERY_STATUS,
  SANDBOX_SETTLE_MS,
} from '../../../src/data/sandbox';
import { lockKey, type Db } from '../db/database';
import { notFound, plansPhrase, SandboxError } from './errors';
import { iso, newId, type SandboxKey, type SandboxServiceDeps } from './keys';
import { SandboxStore, type NewObject, type SandboxObjectRow } from './store';

export interface Answer {
  status: number;
  body: unknown;
}


interface Ctx {
  store: SandboxStore;
  key: SandboxKey;
  params: Record<string, unknown>;
  now: number;
  maxObjects: number;
}

type Operation = (ctx: Ctx) => Promise<Answer>;

const data = <T>(row: SandboxObjectRow): T => JSON.parse(row.data) as T;
const str = (v: unknown): string => v as string;

/** Every object a key creates goes through here: the per-key bound holds for all kinds. */
async function create(ctx: Ctx, objects: NewObject[]): Promise<void> {
  const count = await ctx.store.countObjects(ctx.key.id);
  if (count + objects.length > ctx.maxObjects) {
    throw new SandboxError(
      'invalid_request_error',
      'sandbox_object_limit',
      `This sandbox key holds ${count} of the ${ctx.maxObjects} objects a key may hold, and this request would create ${objects.length} more. Create a new key with POST /api/sandbox/keys to start afresh.`,
    );
  }
  await ctx.store.insertObjects(ctx.key.id, objects);
}

async function mustGet(ctx: Ctx, kind: string, id: string, what: string, param: string | null): Promise<SandboxObjectRow> {
  const row = await ctx.store.getObject(ctx.key.id, kind, id);
  if (!row) throw notFound(what, id, param);
  return row;
}

/** A cursor page: has_more plus `starting_after` naming the last id of the previous page. */
async function page(ctx: Ctx, kind: string, what: string, opts: { parentId?: string; limit?: number; view?: (o: unknown) => unknown; filter?: (o: Record<string, unknown>) => boolean } = {}): Promise<Answer> {
  const limit = opts.limit ?? SANDBOX_DEFAULT_PAGE_SIZE;
  const after = ctx.params.starting_after as string | undefined;
  const beforeSeq = after === undefined ? undefined : (await mustGet(ctx, kind, after, what, 'starting_after')).seq;
  // A key holds at most maxObjects objects: reading the rest of the list and filtering here is bounded.
  const rows = await ctx.store.list(ctx.key.id, kind, { parentId: opts.parentId, beforeSeq, limit: ctx.maxObjects });
  const matching = rows.map((r) => data<Record<string, unknown>>(r)).filter((o) => !opts.filter || opts.filter(o));
  const items = matching.slice(0, limit).map((o) => (opts.view ? opts.view(o) : o));
  return { status: 200, body: { data: items, has_more: matching.length > limit } };
}

function staticPage(ctx: Ctx, items: readonly Record<string, unknown>[], idField: string, what: string): Answer {
  const after = ctx.params.starting_after as string | undefined;
  let start = 0;
  if (after !== undefined) {
    const i = items.findIndex((o) => o[idField] === after);
    if (i < 0) throw notFound(what, after, 'starting_after');
    start = i + 1;
  }
  const slice = items.slice(start, start + SANDBOX_DEFAULT_PAGE_SIZE);
  return { status: 200, body: { data: slice, has_more: start + slice.length < items.length } };
}

function requireTenant(ctx: Ctx): void {
  const tenant = str(ctx.params.tenant_id);
  if (tenant !== SAMPLE_IDS.tenant) throw notFound(`${ACCOUNTING} tenant`, tenant, 'tenant_id');
}

function planLimitError(ctx: Ctx, what: string, limit: number): SandboxError {
  return new SandboxError('permission_error', 'plan_limit_reached', `The ${getPlan(ctx.key.plan).name} plan allows ${formatLimit(limit)} ${what}. Upgrade for more.`);
}

/** A transaction reads as it would now: pending settles to completed after SANDBOX_SETTLE_MS. */
function settled(now: number) {
  return (o: unknown) => {
    const t = o as Record<string, unknown>;
    if (t.status === STATUSES.transaction[0] && now - Date.parse(String(t.created_at)) >= SANDBOX_SETTLE_MS) {
      return { ...t, status: STATUSES.transaction[1], updated_at: iso(Date.parse(String(t.created_at)) + SANDBOX_SETTLE_MS) };
    }
    return t;
  };
}

type Account = typeof EXAMPLES.Account & { balance: { current: number; available: number; currency: string } };

function eventAllowed(ctx: Ctx, type: string, param: string): void {
  const event = WEBHOOK_EVENTS.find((e) => e.type === type);
  if (!event) throw new SandboxError('invalid_request_error', 'parameter_invalid_enum', `Invalid ${param}: unknown event type ${type}.`, param);
  if (!event.plans.includes(ctx.key.plan)) {
    throw new SandboxError('permission_error', 'event_not_in_plan', `The ${type} event requires ${plansPhrase(event.plans)}.`, param);
  }
}

/** The event a test delivery carries: the documented example, with a fresh id and time, rendered for the key's plan. */
function eventFor(ctx: Ctx, type: string): Record<string, unknown> {
  const doc = WEBHOOK_EVENTS.find((e) => e.type === type)!;
  const object = (doc.example.data as { object: Record<string, unknown> }).object;
  const rendered = doc.object === 'Payment' ? { ...object, fees: { ...(object.fees as object), product_fee: PLAN_LIMITS[ctx.key.plan].sampleTransactionFee } } : object;
  return { id: newId('evt_'), type, created: Math.floor(ctx.now / 1000), data: { object: rendered }, api_version: API_VERSION };
}

export const OPERATIONS: Record<string, Operation> = {
  login: async () => ({
    status: 200,
    body: { access_token: newId('eyJ', 40), refresh_token: newId('rt_'), expires_in: SAMPLE_EXPIRIES.accessTokenSeconds, token_type: 'Bearer' },
  }),
  refreshToken: async () => ({
    status: 200,
    body: { access_token: newId('eyJ', 40), refresh_token: newId('rt_'), expires_in: SAMPLE_EXPIRIES.accessTokenSeconds, token_type: 'Bearer' },
  }),
  getCurrentUser: async (ctx) => ({
    status: 200,
    body: {
      ...EXAMPLES.User,
      organization: { ...EXAMPLES.User.organization, plan: ctx.key.plan },
      permissions: PERMISSIONS.filter((p) => p.plans.includes(ctx.key.plan)).map((p) => p.name),
    },
  }),
  listBankAccounts: (ctx) => page(ctx, 'account', 'account'),
  createBankAccount: async (ctx) => {
    const max = PLAN_LIMITS[ctx.key.plan].maxAccounts;
    if (max !== null && (await ctx.store.countObjects(ctx.key.id, 'account')) >= max) throw planLimitError(ctx, 'accounts', max);
    const deposit = (ctx.params.initial_deposit as number | undefined) ?? 0;
    const account = {
      id: newId('acc_'),
      account_number: `****${String(1000 + Math.floor(Math.random() * 9000))}`,
      account_type: str(ctx.params.account_type),
      balance: { current: deposit, available: deposit, currency: str(ctx.params.currency) },
      status: STATUSES.account[0],
      created_at: iso(ctx.now),
      updated_at: iso(ctx.now),
    };
    await create(ctx, [{ kind: 'account', id: account.id, parentId: null, data: account, createdAt: ctx.now }]);
    return { status: 201, body: account };
  },
  listTransactions: async (ctx) => {
    const accountId = str(ctx.params.account_id);
    await mustGet(ctx, 'account', accountId, 'account', 'account_id');
    const max = PLAN_LIMITS[ctx.key.plan].transactionListLimit;
    const limit = (ctx.params.limit as number | undefined) ?? Math.min(SANDBOX_DEFAULT_PAGE_SIZE, max ?? Infinity);
    if (max !== null && limit > max) {
      throw new SandboxError('invalid_request_error', 'parameter_out_of_range', `Invalid limit: the ${getPlan(ctx.key.plan).name} plan lists at most ${max} transactions per request.`, 'limit');
    }
    const from = ctx.params.from_date as string | undefined;
    const to = ctx.params.to_date as string | undefined;
    return page(ctx, 'transaction', 'transaction', {
      parentId: accountId,
      limit,
      view: settled(ctx.now),
      filter: (t) => {
        const day = String(t.created_at).slice(0, 10);
        return (!from || day >= from) && (!to || day <= to);
      },
    });
  },
  createTransaction: async (ctx) => {
    const fromRow = await mustGet(ctx, 'account', str(ctx.params.from_account), 'account', 'from_account');
    const toId = ctx.params.to_account as string | undefined;
    const toRow = toId === undefined ? undefined : await mustGet(ctx, 'account', toId, 'account', 'to_account');
    const from = data<Account>(fromRow);
    const currency = str(ctx.params.currency);
    if (from.balance.currency !== currency) {
      throw new SandboxError('invalid_request_error', 'currency_mismatch', `Invalid currency: account ${from.id} holds ${from.balance.currency}.`, 'currency');
    }
    const amount = ctx.params.amount as number;
    const base = {
      currency,
      status: STATUSES.transaction[0],
      description: str(ctx.params.description),
      merchant: { name: (ctx.params.reference as string | undefined) ?? str(ctx.params.description), category: toRow ? 'transfer' : 'payment' },
      created_at: iso(ctx.now),
      updated_at: iso(ctx.now),
    };
    const debit = { id: newId('txn_'), account_id: from.id, amount: -amount, type: 'debit', ...base };
    const objects: NewObject[] = [{ kind: 'transaction', id: debit.id, parentId: from.id, data: debit, createdAt: ctx.now }];
    if (toRow) {
      const credit = { id: newId('txn_'), account_id: toRow.id, amount, type: 'credit', ...base };
      objects.push({ kind: 'transaction', id: credit.id, parentId: toRow.id, data: credit, createdAt: ctx.now });
    }
    await create(ctx, objects);
    const move = async (row: SandboxObjectRow, delta: number) => {
      const a = data<Account>(row);
      const balance = Math.round((a.balance.current + delta) * 100) / 100;
      await ctx.store.updateObject(ctx.key.id, 'account', a.id, { ...a, balance: { ...a.balance, current: balance, available: balance }, updated_at: iso(ctx.now) });
    };
    await move(fromRow, -amount);
    if (toRow && toRow.id !== fromRow.id) await move(toRow, amount);
    return { status: 201, body: debit };
  },
  createPayment: async (ctx) => {
    const method = str(ctx.params.payment_method);
    if (method !== 'card' && method !== 'bank_transfer') {
      throw new SandboxError('invalid_request_error', 'parameter_invalid_enum', 'Invalid payment_method: must be one of card, bank_transfer.', 'payment_method');
    }
    const payment = {
      id: newId('pay_'),
      status: STATUSES.payment[0],
      amount: ctx.params.amount as number,
      currency: str(ctx.params.currency),
      payment_method: method,
      customer: str(ctx.params.customer),
      fees: { product_fee: PLAN_LIMITS[ctx.key.plan].sampleTransactionFee, processing_fee: EXAMPLES.Payment.fees.processing_fee },
    };
    await create(ctx, [{ kind: 'payment', id: payment.id, parentId: null, data: payment, createdAt: ctx.now }]);
    return { status: 201, body: payment };
  },
  connectAccounting: async (ctx) => {
    const state = (ctx.params.state as string | undefined) ?? newId('st_', 8);
    const url = new URL(EXAMPLES_CONNECT_URL);
    url.searchParams.set('state', state);
    url.searchParams.set('redirect_uri', str(ctx.params.redirect_uri));
    return { status: 200, body: { authorization_url: url.toString(), state, expires_in: SAMPLE_EXPIRIES.oauthStateSeconds } };
  },
  accountingCallback: async () => ({
    status: 200,
    body: { connected: true, expires_in: SAMPLE_EXPIRIES.accountingTokenSeconds, organization: EXAMPLES.AccountingOrganization },
  }),
  listAccountingOrganizations: async (ctx) => staticPage(ctx, [EXAMPLES.AccountingOrganization], 'id', `${ACCOUNTING} organization`),
  listInvoices: async (ctx) => {
    requireTenant(ctx);
    const max = PLAN_LIMITS[ctx.key.plan].invoicesPerRequest;
    const limit = (ctx.params.limit as number | undefined) ?? SANDBOX_DEFAULT_PAGE_SIZE;
    if (limit > max) {
      throw new SandboxError('invalid_request_error', 'parameter_out_of_range', `Invalid limit: the ${getPlan(ctx.key.plan).name} plan lists at most ${max} invoices per request.`, 'limit');
    }
    const windowDays = PLAN_LIMITS[ctx.key.plan].invoiceWindowDays;
    const oldest = windowDays === null ? '' : iso(ctx.now - windowDays * 86_400_000).slice(0, 10);
    const { status, date_from: from, date_to: to } = ctx.params as Record<string, string | undefined>;
    return page(ctx, 'invoice', 'invoice', {
      parentId: SAMPLE_IDS.tenant,
      limit,
      filter: (inv) => {
        const day = String(inv.date);
        return day >= oldest && (!status || inv.status === status) && (!from || day >= from) && (!to || day <= to);
      },
    });
  },
  syncInvoices: async (ctx) => {
    requireTenant(ctx);
    const ids = ctx.params.transaction_ids as string[];
    const txns = [];
    for (const [i, id] of ids.entries()) txns.push(data<{ id: string; amount: number; currency: string; description: string }>(await mustGet(ctx, 'transaction', id, 'transaction', `transaction_ids[${i}]`)));
    const today = iso(ctx.now).slice(0, 10);
    const due = iso(ctx.now + 30 * 86_400_000).slice(0, 10);
    const invoices = txns.map((t) => {
      const total = Math.abs(t.amount);
      return {
        invoice_id: randomUUID(),
        invoice_number: `INV-${newId('', 6).toUpperCase()}`,
        contact: { contact_id: EXAMPLES.Invoice.contact.contact_id, name: t.description },
        date: today,
        due_date: due,
        status: STATUSES.invoice[0],
        sub_total: total,
        total_tax: 0,
        total,
        currency_code: t.currency,
        updated_date: iso(ctx.now),
      };
    });
    const job = { id: newId('sync_'), status: STATUSES.syncJob[0], tenant_id: SAMPLE_IDS.tenant, transaction_count: ids.length, created_at: iso(ctx.now) };
    await create(ctx, [
      { kind: 'sync_job', id: job.id, parentId: SAMPLE_IDS.tenant, data: job, createdAt: ctx.now },
      ...invoices.map((inv) => ({ kind: 'invoice', id: inv.invoice_id, parentId: SAMPLE_IDS.tenant, data: inv, createdAt: ctx.now })),
    ]);
    return { status: 200, body: job };
  },
  syncAccounting: async (ctx) => {
    requireTenant(ctx);
    const ids = ctx.params.transaction_ids as string[];
    for (const [i, id] of ids.entries()) await mustGet(ctx, 'transaction', id, 'transaction', `transaction_ids[${i}]`);
    const job = { id: newId('sync_'), status: STATUSES.syncJob[0], tenant_id: SAMPLE_IDS.tenant, transaction_count: ids.length, created_at: iso(ctx.now) };
    await create(ctx, [{ kind: 'sync_job', id: job.id, parentId: SAMPLE_IDS.tenant, data: job, createdAt: ctx.now }]);
    return { status: 200, body: job };
  },
  getProfitLossReport: async (ctx) => {
    requireTenant(ctx);
    const from = str(ctx.params.from_date);
    const to = str(ctx.params.to_date);
    if (to < from) throw new SandboxError('invalid_request_error', 'parameter_out_of_range', 'Invalid to_date: it must not be before from_date.', 'to_date');
    return { status: 200, body: { report_name: 'Profit and Loss', report_date: to, from_date: from, periods: (ctx.params.periods as number | undefined) ?? 1, rows: [] } };
  },
  createWebhook: async (ctx) => {
    const url = str(ctx.params.url);
    if (!url.startsWith('https://')) throw new SandboxError('invalid_request_error', 'parameter_invalid_format', 'Invalid url: webhooks are delivered over HTTPS only.', 'url');
    const events = ctx.params.events as string[];
    if (!events.length) throw new SandboxError('invalid_request_error', 'parameter_missing', 'Missing required param: events (at least one event type).', 'events');
    events.forEach((type, i) => eventAllowed(ctx, type, `events[${i}]`));
    const max = PLAN_LIMITS[ctx.key.plan].webhooks;
    if (max !== null && (await ctx.store.countObjects(ctx.key.id, 'webhook')) >= max) throw planLimitError(ctx, 'webhooks', max);
    const webhook = {
      id: newId('wh_'),
      url,
      events: [...new Set(events)],
      secret: `whsec_${randomBytes(16).toString('hex')}`,
      active: (ctx.params.active as boolean | undefined) ?? true,
      created_at: iso(ctx.now),
      last_delivery: null,
    };
    await create(ctx, [{ kind: 'webhook', id: webhook.id, parentId: null, data: webhook, createdAt: ctx.now }]);
    return { status: 201, body: webhook };
  },
  listWebhooks: (ctx) => page(ctx, 'webhook', 'webhook'),
  testWebhook: async (ctx) => {
    const row = await mustGet(ctx, 'webhook', str(ctx.params.id), 'webhook', 'id');
    const type = str(ctx.params.event);
    eventAllowed(ctx, type, 'event');
    const webhook = data<{ id: string; url: string; secret: string }>(row);
    const timestamp = String(Math.floor(ctx.now / 1000));
    const body = JSON.stringify(eventFor(ctx, type));
    const signature = `sha256=${createHmac('sha256', webhook.secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const delivery = {
      id: newId('whd_'),
      webhook_id: webhook.id,
      event_type: type,
      url: webhook.url,
      status: SANDBOX_DELIVERY_STATUS,
      headers: { 'Content-Type': 'application/json', [WEBHOOK_HEADERS.eventType]: type, [WEBHOOK_HEADERS.timestamp]: timestamp, [WEBHOOK_HEADERS.signature]: signature },
      body,
      created_at: iso(ctx.now),
    };
    await create(ctx, [{ kind: 'delivery', id: delivery.id, parentId: webhook.id, data: delivery, createdAt: ctx.now }]);
    await ctx.store.updateObject(ctx.key.id, 'webhook', webhook.id, { ...data<object>(row), last_delivery: { timestamp: delivery.created_at, status: SANDBOX_DELIVERY_STATUS, response_time_ms: 0 } });
    return { status: 201, body: delivery };
  },
  listWebhookDeliveries: async (ctx) => {
    const id = str(ctx.params.id);
    await mustGet(ctx, 'webhook', id, 'webhook', 'id');
    return page(ctx, 'delivery', 'delivery', { parentId: id });
  },
  getWhiteLabelConfig: async () => ({ status: 200, body: EXAMPLES.WhiteLabelConfig }),
  deployWhiteLabel: async (ctx) => {
    const deployment = { id: newId('dep_'), status: STATUSES.whiteLabelDeployment[0], domain: str(ctx.params.domain), ssl_enabled: (ctx.params.ssl_enabled as boolean | undefined) ?? true };
    await create(ctx, [{ kind: 'deployment', id: deployment.id, parentId: null, data: deployment, createdAt: ctx.now }]);
    return { status: 200, body: deployment };
  },
};

/** Where connectAccounting sends the user: the documented example's authorization URL, without its query. */
const EXAMPLES_CONNECT_URL = (() => {
  const example = API_ENDPOINTS.find((e) => e.id === 'connectAccounting')!.response.example as { authorization_url: string };
  const url = new URL(example.authorization_url);
  url.searchParams.delete('state');
  return url.toString();
})();

const missing = API_ENDPOINTS.filter((e) => !OPERATIONS[e.id]).map((e) => e.id);
if (missing.length) throw new Error(`Sandbox operations missing for documented endpoints: ${missing.join(', ')}`);

/** Runs one documented operation for `key`; POSTs run in `tx` (one transaction with their idempotency record). */
export async function runOperation(deps: SandboxServiceDeps, tx: Db, endpoint: ApiEndpoint, key: SandboxKey, params: Record<string, unknown>): Promise<Answer> {
  // Counts (per-key bound, plan caps) are read and then written: one writer per key at a time.
  if (endpoint.method === 'POST') await lockKey(tx, `sandbox-key:${key.id}`);
  return OPERATIONS[endpoint.id]!({ store: new SandboxStore(tx), key, params, now: deps.now().getTime(), maxObjects: deps.maxObjectsPerKey });
}
