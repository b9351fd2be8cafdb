/**
 * @jest-environment node
 *
 * "Try it" requests: the fields start from the documented example, and "Copy as curl" is a
 * command a real shell turns back into exactly the arguments of the request, whatever the
 * reader typed (a shell, not a regex, is the judge of the quoting).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ENDPOINTS, API_VERSION, fillPath, type ApiEndpoint } from '@site/src/data/apiReference';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';
import { referenceFor } from '@site/src/data/apiReference/versions';
import { LATEST_API_VERSION } from '@site/src/data/apiVersioning';
import { buildRequest, initialValues, type SandboxRequest } from '@site/src/components/TryIt/request';
import { shellQuote, toCurl } from '@site/src/components/TryIt/curl';

const ORIGIN = 'http://127.0.0.1:4321';
const byId = (id: string): ApiEndpoint => {
  const e = API_ENDPOINTS.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint ${id}`);
  return e;
};

/** The argument vector a POSIX shell makes of the command, curl itself replaced by printf. */
function argvOf(command: string, shell: string): string[] {
  expect(command.startsWith('curl ')).toBe(true);
  const out = execFileSync(shell, ['-c', `printf '%s\\0' ${command.slice('curl '.length)}`], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: '/home/should-not-expand' } });
  return out.split('\0').slice(0, -1);
}

function expectedArgv(r: SandboxRequest): string[] {
  return [...(r.method === 'GET' ? [] : ['-X', r.method]), r.url, ...r.headers.flatMap(([n, v]) => ['-H', `${n}: ${v}`]), ...(r.body === null ? [] : ['--data-raw', r.body])];
}

describe('parameters are pre-filled from the documented example', () => {
  it('puts each query example in its own field and leaves the body empty on a GET', () => {
    const e = byId('listTransactions');
    const v = initialValues(e);
    expect(v.params).toEqual({
      account_id: e.example.account_id,
      from_date: '2024-10-01',
      to_date: '2024-10-31',
      limit: '50',
      ...Object.fromEntries(e.params.filter((p) => p.in === 'query' && !(p.name in e.example)).map((p) => [p.name, ''])),
    });
    expect(v.body).toBe('');
  });

  it('puts a POST example in the JSON body, nested values included', () => {
    const e = byId('createPayment');
    const v = initialValues(e);
    expect(JSON.parse(v.body)).toEqual(e.example);
    expect(JSON.parse(v.body).metadata).toEqual({ order_id: '1042' });
    expect(v.idempotencyKey).toBe('');
  });

  it.each(API_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s: the untouched fields send the documented example to the sandbox', (_n, e) => {
    const built = buildRequest(e, initialValues(e), { origin: ORIGIN, key: 'sk_test_abc', plan: 'starter' });
    if (!built.ok) throw new Error(built.message);
    const url = new URL(built.request.url);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}${SANDBOX_BASE_PATH}${fillPath(e, e.example)}`);
    expect(url.pathname).not.toContain('{');
    for (const p of e.params.filter((x) => x.in === 'query')) {
      expect(url.searchParams.get(p.name)).toBe(e.example[p.name] === undefined ? null : String(e.example[p.name]));
    }
    expect(built.request.headers).toEqual(
      expect.arrayContaining([
        ['Authorization', 'Bearer sk_test_abc'],
        ['X-API-Version', API_VERSION],
        ['X-Plan-Type', 'starter'],
      ]),
    );
    if (e.method === 'POST') {
      const bodyExample = Object.fromEntries(e.params.filter((p) => p.in === 'body' && e.example[p.name] !== undefined).map((p) => [p.name, e.example[p.name]]));
      expect(JSON.parse(built.request.body ?? 'null')).toEqual(bodyExample);
    } else {
      expect(built.request.body).toBeNull();
    }
  });

  it('sends the version the page shows, with that version\'s example (Copy as curl too)', () => {
    const e = referenceFor(LATEST_API_VERSION).endpoints.find((x) => x.id === 'createTransaction')!;
    const built = buildRequest(e, initialValues(e), { origin: ORIGIN, key: 'sk_test_abc', plan: 'starter', version: LATEST_API_VERSION });
    if (!built.ok) throw new Error(built.message);
    expect(built.request.headers).toEqual(expect.arrayContaining([['X-API-Version', LATEST_API_VERSION]]));
    expect(JSON.parse(built.request.body!)).toMatchObject({ amount: 14999 });
    expect(toCurl(built.request)).toContain(`-H 'X-API-Version: ${LATEST_API_VERSION}'`);
  });
});

describe('what the reader types', () => {
  const payment = byId('createPayment');

  it('refuses a body that is not JSON, naming the field', () => {
    const built = buildRequest(payment, { ...initialValues(payment), body: '{"amount": 25,' }, { origin: ORIGIN, key: 'k', plan: 'business' });
    expect(built).toMatchObject({ ok: false, field: 'body' });
    if (!built.ok) expect(built.message).toMatch(/not valid JSON/);
  });

  it('refuses an Idempotency-Key with a line break (a header injection), and sends a good one', () => {
    const v = initialValues(payment);
    expect(buildRequest(payment, { ...v, idempotencyKey: 'a\r\nX-Plan-Type: enterprise' }, { origin: ORIGIN, key: 'k', plan: 'starter' })).toMatchObject({ ok: false, field: 'idempotencyKey' });
    const ok = buildRequest(payment, { ...v, idempotencyKey: 'order-1042' }, { origin: ORIGIN, key: 'k', plan: 'starter' });
    expect(ok.ok && ok.request.headers).toContainEqual(['Idempotency-Key', 'order-1042']);
  });

  it('encodes query values and path parameters so they stay inside their own component', () => {
    const withPath: ApiEndpoint = { ...byId('listTransactions'), path: '/banking/accounts/{account_id}/transactions' };
    const v = initialValues(withPath);
    const built = buildRequest(withPath, { ...v, params: { ...v.params, account_id: '../../white-label/config?x=1#', to_date: 'a&limit=100000' } }, { origin: ORIGIN, key: 'k', plan: 'starter' });
    if (!built.ok) throw new Error(built.message);
    const url = new URL(built.request.url);
    expect(url.pathname).toBe(`${SANDBOX_BASE_PATH}/banking/accounts/..%2F..%2Fwhite-label%2Fconfig%3Fx%3D1%23/transactions`);
    expect(url.searchParams.get('to_date')).toBe('a&limit=100000');
    expect(url.searchParams.getAll('limit')).toEqual(['50']);
    expect(url.searchParams.has('account_id')).toBe(false);
  });

  it('asks for an empty path parameter instead of sending a broken path', () => {
    const withPath: ApiEndpoint = { ...byId('listTransactions'), path: '/banking/accounts/{account_id}/transactions' };
    const v = initialValues(withPath);
    expect(buildRequest(withPath, { ...v, params: { ...v.params, account_id: '' } }, { origin: ORIGIN, key: 'k', plan: 'starter' })).toMatchObject({ ok: false, field: 'account_id' });
  });
});

describe('Copy as curl survives hostile values', () => {
  const dir = mkdtempSync(join(tmpdir(), 'try-it-curl-'));
  const marker = join(dir, 'pwned');
  const hostile = [
    `it's`,
    `'; touch ${marker}; echo '`,
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    '$HOME ${HOME} $0 !! \\ \\\\',
    'two\nlines\n',
    '"double" *glob* ?[a] ~ # comment',
    "'''",
  ];

  it('shellQuote gives back every hostile string unchanged', () => {
    for (const shell of ['bash', 'sh']) {
      const out = execFileSync(shell, ['-c', `printf '%s\\0' ${hostile.map(shellQuote).join(' ')}`], { encoding: 'utf8' });
      expect(out.split('\0').slice(0, -1)).toEqual(hostile);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it.each(['bash', 'sh'])('%s reads back the exact request of a GET and of a POST full of hostile values', (shell) => {
    const tx = byId('listTransactions');
    const getValues = initialValues(tx);
    const get = buildRequest(tx, { ...getValues, params: { ...getValues.params, account_id: hostile.join('|') } }, { origin: ORIGIN, key: `sk_test_'$(touch ${marker})`, plan: 'starter' });
    const payment = byId('createPayment');
    const post = buildRequest(payment, { body: JSON.stringify({ description: hostile.join(''), metadata: { note: "it's $(id)" } }, null, 2), params: {}, idempotencyKey: `k'\`touch ${marker}\`` }, { origin: ORIGIN, key: 'sk_test_x', plan: 'business' });
    if (!get.ok || !post.ok) throw new Error('request not built');
    for (const r of [get.request, post.request]) expect(argvOf(toCurl(r), shell)).toEqual(expectedArgv(r));
    // A body starting with @ is data, never a file name: --data-raw, not -d.
    const at: SandboxRequest = { ...post.request, body: '@/etc/passwd' };
    expect(argvOf(toCurl(at), shell)).toEqual(expectedArgv(at));
    expect(toCurl(at)).toContain('--data-raw ');
    expect(existsSync(marker)).toBe(false);
  });
});
