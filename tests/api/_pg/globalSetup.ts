import { startPostgres, type RunningService } from '../../_services';

/**
 * The `api-pg` jest project: one private PostgreSQL for the whole run (each test file gets its
 * own database, each test app its own schema: see testApp.ts). The URL reaches the test
 * workers through the environment, which they inherit.
 */
export default async function globalSetup(): Promise<void> {
  const pg = await startPostgres();
  process.env.API_TEST_POSTGRES_URL = pg.url;
  (globalThis as { __apiTestPostgres?: RunningService }).__apiTestPostgres = pg;
}
