/** The sandbox's two environment variables (README, Sandbox). */
import { SANDBOX_MAX_OBJECTS_PER_KEY } from '../../../src/data/sandbox';
import { loadConfig } from '../../../api-server/src/config';

it('reads its two settings from the environment and refuses bad values', () => {
  expect(loadConfig({})).toMatchObject({ sandboxRateLimitScale: 1, sandboxMaxObjectsPerKey: SANDBOX_MAX_OBJECTS_PER_KEY });
  expect(loadConfig({ SANDBOX_RATE_LIMIT_SCALE: '0.01', SANDBOX_MAX_OBJECTS_PER_KEY: '20' })).toMatchObject({ sandboxRateLimitScale: 0.01, sandboxMaxObjectsPerKey: 20 });
  expect(() => loadConfig({ SANDBOX_RATE_LIMIT_SCALE: '0' })).toThrow(/SANDBOX_RATE_LIMIT_SCALE/);
  expect(() => loadConfig({ SANDBOX_RATE_LIMIT_SCALE: '2' })).toThrow(/SANDBOX_RATE_LIMIT_SCALE/);
  expect(() => loadConfig({ SANDBOX_MAX_OBJECTS_PER_KEY: 'many' })).toThrow(/SANDBOX_MAX_OBJECTS_PER_KEY/);
});
