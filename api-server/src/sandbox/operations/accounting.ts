import { randomUUID } from 'node:crypto';
import { ACCOUNTING, API_ENDPOINTS, EXAMPLES, SAMPLE_IDS, STATUSES } from '../../../../src/data/apiReference';
import { PLAN_LIMITS, PROFIT_LOSS_PERIODS } from '../../../../src/data/limits';
import { profitAndLoss, type ReportTransaction } from '../../../../src/domain/profitLoss';
import { getPlan } from '../../../../src/data/plans';
import { SANDBOX_DEFAULT_PAGE_SIZE } from '../../../../src/data/sandbox';
import { SAMPLE_EXPIRIES } from '../../../../src/data/timings';
import { notFound, SandboxError } from '../errors';
import { iso, newId } from '../keys';
import { MAGIC } from '../../../../src/data/apiReference/fixtures';
import { fireEvent } from '../webhooks/deliveries';
import { connect, requireLiveToken } from '../clock/accountingToken';
import { create, data, fixtureError, mustGet, page, staticPage, str, type Ctx, type Operation } from './context';

async function requireTenant(ctx: Ctx): Promise<void> {
  const tenant = str(ctx.params.tenant_id);
  if (tenant !== SAMPLE_IDS.tenant) throw notFound(`${ACCOUNTING} tenant`, tenant, 'tenant_id');
  await requireLiveToken(ctx);
}

/** The transactions of a sync, each one the key's; the magic failing one refuses the whole sync. */
async function syncedTransactions(ctx: Ctx): Promise<{ id: string; amount: number; currency: string; description: string }[]> {
  const ids = ctx.params.transaction_ids as string[];
  const failing = ids.indexOf(MAGIC.syncFailsTransaction);
  if (failing >= 0) throw fixtureError('sync_fails', `transaction_ids[${failing}]`);
  const txns = [];
  for (const [i, id] of ids.entries()) txns.push(data<{ id: string; amount: number; currency: string; description: string }>(await mustGet(ctx, 'transaction', id, 'transaction', `transaction_ids[${i}]`)));
  return txns;
}

/** Where connectAccounting sends the user: the documented example's authorization URL, without its query. */
const EXAMPLES_CONNECT_URL = (() => {
  const example = API_ENDPOINTS.find((e) => e.id === 'connectAccounting')!.response.example as { authorization_url: string };
  const url = new URL(example.authorization_url);
  url.searchParams.delete('state');
  return url.toString();
})();

/** The accounting (Xero) calls: the sample tenant only, invoices synced from the key's transactions. */
export const ACCOUNTING_OPERATIONS: Record<string, Operation> = {
  connectAccounting: async (ctx) => {
    const state = (ctx.params.state as string | undefined) ?? newId('st_', 8);
    const url = new URL(EXAMPLES_CONNECT_URL);
    url.searchParams.set('state', state);
    url.searchParams.set('redirect_uri', str(ctx.params.redirect_uri));
    return { status: 200, body: { authorization_url: url.toString(), state, expires_in: SAMPLE_EXPIRIES.oauthStateSeconds } };
  },
  accountingCallback: async (ctx) => {
    await connect(ctx);
    return { status: 200, body: { connected: true, expires_in: SAMPLE_EXPIRIES.accountingTokenSeconds, organization: EXAMPLES.AccountingOrganization } };
  },
  listAccountingOrganizations: async (ctx) => staticPage(ctx, [EXAMPLES.AccountingOrganization], 'id', `${ACCOUNTING} organization`),
  listInvoices: async (ctx) => {
    await requireTenant(ctx);
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
    await requireTenant(ctx);
    const ids = ctx.params.transaction_ids as string[];
    const txns = await syncedTransactions(ctx);
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
    await requireTenant(ctx);
    const ids = ctx.params.transaction_ids as string[];
    await syncedTransactions(ctx);
    const job = { id: newId('sync_'), status: STATUSES.syncJob[0], tenant_id: SAMPLE_IDS.tenant, transaction_count: ids.length, created_at: iso(ctx.now) };
    await create(ctx, [{ kind: 'sync_job', id: job.id, parentId: SAMPLE_IDS.tenant, data: job, createdAt: ctx.now }]);
    // The documented event (syncAccounting's `events`): the sandbox's job ends at once.
    await fireEvent(ctx, `${ACCOUNTING}.sync.completed`, { ...job, status: 'completed' });
    return { status: 200, body: job };
  },
  getProfitLossReport: async (ctx) => {
    await requireTenant(ctx);
    const from = str(ctx.params.from_date);
    const to = str(ctx.params.to_date);
    if (to < from) throw new SandboxError('invalid_request_error', 'parameter_out_of_range', 'Invalid to_date: it must not be before from_date.', 'to_date');
    // Every transaction of the key counts (it is synced to the sample tenant); a key holds a bounded number.
    const rows = await ctx.store.listAll(ctx.key.id, 'transaction', ctx.maxObjects);
    const report = profitAndLoss({
      tenantId: SAMPLE_IDS.tenant,
      currency: EXAMPLES.AccountingOrganization.currency_code,
      from,
      to,
      periods: (ctx.params.periods as number | undefined) ?? PROFIT_LOSS_PERIODS.min,
      transactions: rows.map((r) => data<ReportTransaction>(r)),
    });
    return { status: 200, body: report };
  },
};
