import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, ROOT, startServer, type RunningServer } from '../_lib/server';
import { SPEC_ROUTES } from './routes';

const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

describe('security headers and secrets', () => {
  let server: RunningServer;
  const smtpSecret = 'smtp-secret-Zq81';
  beforeAll(async () => {
    server = await startServer({
      env: { TRUST_PROXY: '1', SMTP_URL: `smtp://mailer:${smtpSecret}@127.0.0.1:9`, LOG_LEVEL: 'info' },
    });
  });
  afterAll(() => server?.stop());

  it.each(SPEC_ROUTES)('%s sends the strict headers', async (route) => {
    const res = await fetch(server.url + route, { headers: { Authorization: auth } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS only behind a TLS-terminating proxy', async () => {
    const res = await fetch(server.url + '/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('refuses cross-site and non-JSON posts', async () => {
    const body = JSON.stringify({ name: 'a', email: 'a@example.com', subject: 's', message: 'm', priority: 'low', category: 'general' });
    const cross = await fetch(server.url + '/api/support', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }, body });
    expect(cross.status).toBe(403);
    const origin = await fetch(server.url + '/api/support', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body });
    expect(origin.status).toBe(403);
    const form = await fetch(server.url + '/api/support', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=a' });
    expect(form.status).toBe(415);
  });

  it('never puts the admin password or SMTP credentials in the built site or the logs', async () => {
    await fetch(server.url + '/api/white-label/config', { headers: { Authorization: auth } });
    await fetch(server.url + '/api/white-label/config', { headers: { Authorization: 'Basic d3Jvbmc6d3Jvbmc=' } });
    const stack = [path.join(ROOT, 'build')];
    while (stack.length) {
      const dir = stack.pop()!;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) stack.push(full);
        else if (/\.(html|js|json|txt|xml|md|css)$/.test(e.name)) {
          const text = fs.readFileSync(full, 'utf8');
          expect([full, text.includes(ADMIN.password) || text.includes(smtpSecret)]).toEqual([full, false]);
        }
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(server.output()).not.toContain(ADMIN.password);
    expect(server.output()).not.toContain(smtpSecret);
  });
});
