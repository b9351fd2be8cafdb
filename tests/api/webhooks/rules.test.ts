/**
 * "Never a way in" (issue 27): every class of address a sandbox webhook must not reach is
 * refused, at registration (a clear 400) and by the check each attempt makes.
 */
import request from 'supertest';
import { API_ENDPOINTS } from '../../../src/data/apiReference';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { checkTarget, refusedClass, UrlRefused, type Resolver } from '../../../api-server/src/sandbox/webhooks/addresses';
import { loadConfig } from '../../../api-server/src/config';
import { appsClosedAfterEach, headersFor, mintKey, schemaErrors } from '../sandbox/_sandbox';

/** A resolver that answers from a table: no test asks a real DNS server. */
function table(names: Record<string, string[]>): Resolver {
  return async (host) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const NAMES = {
  'public.test': ['93.184.215.14'],
  'public6.test': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'loopback.test': ['127.0.0.1'],
  'private.test': ['10.1.2.3'],
  'mixed.test': ['93.184.215.14', '192.168.1.10'],
  'mapped.test': ['::ffff:127.0.0.1'],
};
const rules = { resolver: table(NAMES), allow: [] as string[] };

async function refusal(url: string): Promise<string> {
  try {
    await checkTarget(url, rules);
  } catch (err) {
    if (err instanceof UrlRefused) return err.message;
    throw err;
  }
  return 'accepted';
}

describe('the delivery rules (sandbox/webhooks/addresses.ts)', () => {
  it.each([
    ['loopback IPv4', 'https://127.0.0.1/hook', 'loopback'],
    ['loopback IPv4, elsewhere in 127/8', 'https://127.9.9.9/hook', 'loopback'],
    ['loopback IPv6', 'https://[::1]/hook', 'loopback'],
    ['localhost by name', 'https://localhost/hook', 'loopback'],
    ['a name resolving to loopback', 'https://loopback.test/hook', 'loopback'],
    ['private 10/8', 'https://10.0.0.8/hook', 'private'],
    ['private 172.16/12', 'https://172.20.1.1/hook', 'private'],
    ['private 192.168/16', 'https://192.168.0.1/hook', 'private'],
    ['carrier-grade NAT 100.64/10', 'https://100.64.0.1/hook', 'private'],
    ['a name resolving to a private address', 'https://private.test/hook', 'private'],
    ['one private address among public ones', 'https://mixed.test/hook', 'private'],
    ['link-local IPv4', 'https://169.254.10.10/hook', 'link-local'],
    ['link-local IPv6', 'https://[fe80::1]/hook', 'link-local'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data', 'cloud metadata'],
    ['the metadata name', 'https://metadata.google.internal/computeMetadata/v1', 'cloud metadata'],
    ['unique-local IPv6', 'https://[fd12:3456::1]/hook', 'unique-local'],
    ['multicast IPv4', 'https://224.0.0.1/hook', 'multicast'],
    ['multicast IPv6', 'https://[ff02::1]/hook', 'multicast'],
    ['0.0.0.0/8', 'https://0.0.0.0/hook', 'reserved'],
    ['broadcast', 'https://255.255.255.255/hook', 'reserved'],
    ['IPv4-mapped IPv6 of loopback', 'https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['IPv4-mapped IPv6 of a private address', 'https://[::ffff:10.0.0.1]/hook', 'private'],
    ['a name resolving to mapped IPv6', 'https://mapped.test/hook', 'loopback'],
    ['NAT64 64:ff9b::/96', 'https://[64:ff9b::7f00:1]/hook', 'IPv4-mapped or translated IPv6'],
    ['6to4 2002::/16', 'https://[2002:7f00:1::1]/hook', 'IPv4-mapped or translated IPv6'],
  ])('refuses %s', async (_name, url, cls) => {
    expect(await refusal(url)).toBe(`webhooks can't be delivered to ${cls} addresses`);
  });

  it('refuses http and any port but 443', async () => {
    expect(await refusal('http://public.test/hook')).toBe('webhooks are delivered over HTTPS only');
    expect(await refusal('https://public.test:8443/hook')).toBe('webhooks are delivered to port 443 only');
  });

  it('accepts public unicast addresses, IPv4 and IPv6, and connects to the address it checked', async () => {
    expect(await checkTarget('https://public.test/hook', rules)).toMatchObject({ host: 'public.test', port: 443, address: '93.184.215.14' });
    expect(await checkTarget('https://public6.test/hook', rules)).toMatchObject({ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 });
    expect(refusedClass('8.8.8.8')).toBeNull();
  });

  it('lets SANDBOX_WEBHOOK_ALLOW pairs through, and only the exact host and port', async () => {
    const allowRules = { resolver: table(NAMES), allow: ['127.0.0.1:8443'] };
    await expect(checkTarget('https://127.0.0.1:8443/hook', allowRules)).resolves.toMatchObject({ address: '127.0.0.1', port: 8443 });
    await expect(checkTarget('https://127.0.0.1:8444/hook', allowRules)).rejects.toThrow('port 443 only');
    await expect(checkTarget('https://127.0.0.1/hook', allowRules)).rejects.toThrow('loopback');
    // A name of the attacker's that resolves to an allowed address is not the allowed host.
    await expect(checkTarget('https://loopback.test:8443/hook', allowRules)).rejects.toThrow('port 443 only');
  });

  it('says a name that does not resolve does not resolve (.invalid is never looked up)', async () => {
    const asked: string[] = [];
    const spy: Resolver = async (host) => {
      asked.push(host);
      throw new Error('ENOTFOUND');
    };
    await expect(checkTarget('https://endpoint.invalid/webhooks', { resolver: spy, allow: [] })).rejects.toMatchObject({ unresolved: true });
    expect(asked).toEqual([]);
  });
});

describe('SANDBOX_WEBHOOK_ALLOW', () => {
  it('is unset by default, normalized when set, and refused at start when malformed', () => {
    expect(loadConfig({}).sandboxWebhookAllow).toEqual([]);
    expect(loadConfig({ SANDBOX_WEBHOOK_ALLOW: '127.0.0.1:8443, Hooks.Internal:443,[::1]:9443' }).sandboxWebhookAllow).toEqual(['127.0.0.1:8443', 'hooks.internal:443', '::1:9443']);
    for (const bad of ['127.0.0.1', 'https://hooks.test:443', 'hooks.test:0', 'hooks.test:70000', 'a:1,,b:2']) {
      expect(() => loadConfig({ SANDBOX_WEBHOOK_ALLOW: bad })).toThrow(/SANDBOX_WEBHOOK_ALLOW: must be comma-separated host:port pairs/);
    }
  });

  it('matches a bracketed IPv6 url host', async () => {
    await expect(checkTarget('https://[::1]:9443/hook', { resolver: table({}), allow: ['::1:9443'] })).resolves.toMatchObject({ address: '::1', family: 6 });
  });
});

describe('registering a webhook', () => {
  const app = appsClosedAfterEach();
  const create = API_ENDPOINTS.find((e) => e.id === 'createWebhook')!;

  it.each([
    ['https://127.0.0.1/hook', "Invalid url: webhooks can't be delivered to loopback addresses."],
    ['https://[::1]/hook', "Invalid url: webhooks can't be delivered to loopback addresses."],
    ['https://192.168.1.20/hook', "Invalid url: webhooks can't be delivered to private addresses."],
    ['https://169.254.169.254/latest', "Invalid url: webhooks can't be delivered to cloud metadata addresses."],
    ['https://metadata.google.internal/', "Invalid url: webhooks can't be delivered to cloud metadata addresses."],
    ['https://[::ffff:127.0.0.1]/hook', "Invalid url: webhooks can't be delivered to loopback addresses."],
    ['https://example.com:8443/hook', 'Invalid url: webhooks are delivered to port 443 only.'],
    ['http://example.com/hook', 'Invalid url: webhooks are delivered over HTTPS only.'],
  ])('refuses %s with a 400 naming why', async (url, message) => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const res = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks`).set(headersFor(key, 'business')).send({ url, events: ['payment.succeeded'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'url', message });
    expect(schemaErrors(create, 400, res.body)).toBeNull();
  });

  it('refuses a name that resolves to a private address, and accepts one that resolves to a public one', async () => {
    const t = await app({}, { webhooks: { rules: { resolver: table(NAMES), allow: [] } } });
    const key = await mintKey(t.app, 'business');
    const post = (url: string) => request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks`).set(headersFor(key, 'business')).send({ url, events: ['payment.succeeded'] });
    expect((await post('https://private.test/hook')).body.error.message).toBe("Invalid url: webhooks can't be delivered to private addresses.");
    expect((await post('https://public.test/hook')).status).toBe(201);
  });
});
