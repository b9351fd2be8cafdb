import { ACCOUNTING, SAMPLE_IDS } from '../../../../src/data/apiReference';
import { ACCOUNTING_PROVIDER } from '../../../../src/data/site';
import { ACCOUNTING_TOKEN_LIFETIME_MS } from '../../../../src/data/sandboxTime';
import { SandboxError } from '../errors';
import { iso } from '../keys';
import { create, data, type Ctx } from '../operations/context';

/*
 * The accounting connection's access token (issue 47): POST /{accounting}/auth/callback issues one
 * that lives ACCOUNTING_TOKEN_LIFETIME_MS of the key's clock. Once it has expired, the tenant's
 * calls answer 401 until the connection is made again (the callback). A key that never called
 * the callback works with the sample tenant as before: its connection is the documented sample's.
 */

const KIND = 'accounting_connection';

interface Connection {
  tenant_id: string;
  connected_at: string;
  expires_at: string;
}

/** Stores (or renews) the key's connection from the key's clock. */
export async function connect(ctx: Ctx): Promise<void> {
  const connection: Connection = { tenant_id: SAMPLE_IDS.tenant, connected_at: iso(ctx.now), expires_at: iso(ctx.now + ACCOUNTING_TOKEN_LIFETIME_MS) };
  const existing = await ctx.store.getObject(ctx.key.id, KIND, SAMPLE_IDS.tenant);
  if (existing) await ctx.store.updateObject(ctx.key.id, KIND, SAMPLE_IDS.tenant, connection);
  else await create(ctx, [{ kind: KIND, id: SAMPLE_IDS.tenant, parentId: null, data: connection, createdAt: ctx.now }]);
}

/** The documented 401 once the connection's token has expired on the key's clock. */
export async function requireLiveToken(ctx: Ctx): Promise<void> {
  const row = await ctx.store.getObject(ctx.key.id, KIND, SAMPLE_IDS.tenant);
  if (!row) return;
  const { expires_at: expiresAt } = data<Connection>(row);
  if (Date.parse(expiresAt) > ctx.now) return;
  throw new SandboxError(
    'authentication_error',
    'accounting_token_expired',
    `The ${ACCOUNTING_PROVIDER.name} access token expired at ${expiresAt} (your key's test clock): it lives ${ACCOUNTING_TOKEN_LIFETIME_MS / 60_000} minutes. Connect again with POST /${ACCOUNTING}/auth/callback.`,
  );
}
