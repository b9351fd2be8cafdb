/** One body-parser error map: the live API and the sandbox answer an unreadable body with the same status and words. */
import request from 'supertest';
import { API_ENDPOINTS, fillPath } from '../../../src/data/apiReference';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey } from '../sandbox/_sandbox';

const createPayment = API_ENDPOINTS.find((e) => e.id === 'createPayment')!;

describe('unreadable request bodies', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = await mintKey(t.app, 'starter');
  });
  afterAll(() => t.close());

  const live = (raw: string) => request(t.app).post('/api/checkout').set('Content-Type', 'application/json').send(raw);
  const sandbox = (raw: string) =>
    request(t.app).post(`${SANDBOX_BASE_PATH}${fillPath(createPayment, createPayment.example)}`).set(headersFor(key, 'starter')).set('Content-Type', 'application/json').send(raw);

  it.each([
    ['not JSON', '{"amount": ', 400, 'The request body is not valid JSON'],
    ['over 16 kB', JSON.stringify({ description: 'x'.repeat(17 * 1024) }), 413, 'The request body is too large'],
  ])('answers a body that is %s the same way on both', async (_label, raw, status, message) => {
    const a = await live(raw);
    const b = await sandbox(raw);
    expect([a.status, a.body]).toEqual([status, { success: false, error: message }]);
    expect([b.status, b.body.error]).toEqual([status, expect.objectContaining({ type: 'invalid_request_error', code: 'body_invalid', message, param: null })]);
  });
});
