/** Authentication: the session of a user. Entries in reference order (see ../endpoints.ts). */
import { SAMPLE_EXPIRIES } from '../../timings';
import { SAMPLE_IDS } from '../common';
import { EXAMPLES } from '../entities';
import { ALL, b, defineEndpoints, S } from './params';

export const AUTH_ENDPOINTS = defineEndpoints([
  {
    id: 'login', method: 'POST', path: '/auth/login', section: 'auth', plans: ALL,
    summary: 'Log a user in',
    description: 'Exchanges a user\'s email and password for an access token and a refresh token.',
    params: [
      b('email', true, 'User email.', { type: 'string', format: 'email' }),
      b('password', true, 'User password.', S()),
      b('organization', false, 'Organization id when the user belongs to several.', S()),
    ],
    example: { email: 'jane@acme.example', password: 'correct-horse-battery', organization: SAMPLE_IDS.organization },
    response: { status: 200, description: 'Tokens of the session.', schema: 'AuthTokens', example: EXAMPLES.AuthTokens },
  },
  {
    id: 'refreshToken', method: 'POST', path: '/auth/refresh', section: 'auth', plans: ALL,
    summary: 'Refresh an access token',
    description: `Returns a new access token before the current one expires (after ${SAMPLE_EXPIRIES.accessTokenSeconds} seconds).`,
    params: [b('refresh_token', true, 'Refresh token from /auth/login.', S())],
    example: { refresh_token: EXAMPLES.AuthTokens.refresh_token },
    response: { status: 200, description: 'New tokens.', schema: 'AuthTokens', example: EXAMPLES.AuthTokens },
  },
  {
    id: 'getCurrentUser', method: 'GET', path: '/auth/user', section: 'auth', plans: ALL, permission: 'read:basic',
    summary: 'Get the current user',
    description: 'Returns the user behind the access token, with their organization and permissions.',
    params: [], example: {},
    response: { status: 200, description: 'The user.', schema: 'User', example: EXAMPLES.User },
  },
]);
