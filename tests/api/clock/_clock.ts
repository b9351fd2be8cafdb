/** Helpers of the test-clock suites: read and advance a key's clock as a developer's code would. */
import type { Express } from 'express';
import request from 'supertest';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { TEST_CLOCK_ADVANCE_PATH, TEST_CLOCK_PATH } from '../../../src/data/sandboxTime';

export interface ClockBody {
  object: string;
  frozen_time: string;
  status: string;
  allowances: { month: string; resets_at: string; transactions: { used: number; limit: number | null }; api_calls: { used: number; limit: number | null } };
  events?: { id: string; type: string; created: number; data: { object: Record<string, unknown> } }[];
}

export const readClock = (app: Express, headers: Record<string, string>) => request(app).get(`${SANDBOX_BASE_PATH}${TEST_CLOCK_PATH}`).set(headers);

export const advanceTo = (app: Express, headers: Record<string, string>, frozenTime: string) =>
  request(app).post(`${SANDBOX_BASE_PATH}${TEST_CLOCK_ADVANCE_PATH}`).set(headers).send({ frozen_time: frozenTime });

/** Advances the key's clock by `ms` from where it stands; fails the test unless the advance answers 200. */
export async function advanceBy(app: Express, headers: Record<string, string>, ms: number): Promise<ClockBody> {
  const now = Date.parse((await readClock(app, headers)).body.frozen_time as string);
  const res = await advanceTo(app, headers, new Date(now + ms).toISOString());
  if (res.status !== 200) throw new Error(`advance answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as ClockBody;
}
