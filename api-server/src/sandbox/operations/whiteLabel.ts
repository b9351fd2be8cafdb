import { EXAMPLES, STATUSES } from '../../../../src/data/apiReference';
import { newId } from '../keys';
import { fireEvent } from '../webhooks/deliveries';
import { create, str, type Operation } from './context';

/** The white-label configuration (the documented example) and deployments, stored per key. */
export const WHITE_LABEL_OPERATIONS: Record<string, Operation> = {
  getWhiteLabelConfig: async () => ({ status: 200, body: EXAMPLES.WhiteLabelConfig }),
  deployWhiteLabel: async (ctx) => {
    const deployment = { id: newId('dep_'), status: STATUSES.whiteLabelDeployment[0], domain: str(ctx.params.domain), ssl_enabled: (ctx.params.ssl_enabled as boolean | undefined) ?? true };
    await create(ctx, [{ kind: 'deployment', id: deployment.id, parentId: null, data: deployment, createdAt: ctx.now }]);
    // The documented event (deployWhiteLabel's `events`), with the deployment as the sandbox's example shows it.
    await fireEvent(ctx, 'white_label.deployed', deployment);
    return { status: 200, body: deployment };
  },
};
