/** White label: the branded platform (plans with the white-label feature). Entries in reference order (see ../endpoints.ts). */
import { WHITE_LABEL_PLAN_IDS } from '../../plans';
import { EXAMPLES } from '../entities';
import { OBJECT_LIMIT } from './errors';
import { b, defineEndpoints, S } from './params';

export const WHITE_LABEL_ENDPOINTS = defineEndpoints([
  {
    id: 'getWhiteLabelConfig', method: 'GET', path: '/white-label/config', section: 'whiteLabel', plans: WHITE_LABEL_PLAN_IDS, permission: 'manage:white_label',
    summary: 'Get the white-label configuration',
    description: 'Returns the branding of your white-label platform.',
    params: [], example: {},
    response: { status: 200, description: 'The configuration.', schema: 'WhiteLabelConfig', example: EXAMPLES.WhiteLabelConfig },
  },
  {
    id: 'deployWhiteLabel', method: 'POST', path: '/white-label/deploy', section: 'whiteLabel', plans: WHITE_LABEL_PLAN_IDS, permission: 'manage:white_label',
    summary: 'Deploy the white-label platform',
    description: 'Publishes your branded platform on your domain. You receive white_label.deployed when it is live.',
    events: ['white_label.deployed'],
    params: [b('domain', true, 'Your domain.', S()), b('ssl_enabled', false, 'Issue a TLS certificate (default true).', { type: 'boolean' })],
    example: { domain: 'banking.acme.example', ssl_enabled: true },
    errors: [OBJECT_LIMIT],
    response: { status: 200, description: 'The deployment.', schema: 'WhiteLabelDeployment', example: EXAMPLES.WhiteLabelDeployment },
  },
]);
