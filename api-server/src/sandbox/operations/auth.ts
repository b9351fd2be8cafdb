import { EXAMPLES, PERMISSIONS } from '../../../../src/data/apiReference';
import { SAMPLE_EXPIRIES } from '../../../../src/data/timings';
import { newId } from '../keys';
import type { Operation } from './context';

/** Sign-in and the current user: the documented shapes, no credentials checked. */
export const AUTH_OPERATIONS: Record<string, Operation> = {
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
};
