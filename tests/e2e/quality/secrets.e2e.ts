import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../_lib/server';

jest.setTimeout(60_000);

describe('the generated admin password', () => {
  it('is kept in DATA_DIR with mode 0600, named in the output but never printed, and survives a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-secret-'));
    // An empty ADMIN_PASSWORD counts as unset: the server generates one.
    const first = await startServer({ dataDir, env: { ADMIN_PASSWORD: '', LOG_LEVEL: 'info' } });
    const file = path.join(dataDir, 'admin-password');
    // The lines after "running on" may arrive a moment later.
    await new Promise((r) => setTimeout(r, 300));
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(file);
    expect(first.output()).not.toContain(password);
    // Started as `npm start` starts it: production mode.
    expect(first.output()).toMatch(/"env":"production"/);
    const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    expect((await fetch(`${first.url}/api/white-label/config`, { headers: { Authorization: auth } })).status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ dataDir, env: { ADMIN_PASSWORD: '' } });
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    expect((await fetch(`${second.url}/api/white-label/config`, { headers: { Authorization: auth } })).status).toBe(200);
    expect(second.output()).not.toContain(password);
    await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
