import type { RunningService } from '../../_services';

export default async function globalTeardown(): Promise<void> {
  (globalThis as { __apiTestPostgres?: RunningService }).__apiTestPostgres?.stop();
}
