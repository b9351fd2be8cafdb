import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../_lib/server';
import { startSmtp } from '../_lib/smtp';
import { formTokenFor } from '../_lib/formToken';

const ticket = (i: number, dataDir: string) => ({
  formToken: formTokenFor(dataDir),
  name: `Customer ${i}`,
  email: `customer${i}@example.com`,
  subject: `Ticket ${i}`,
  message: `Message number ${i}`,
  priority: 'high',
  category: 'technical',
});

async function fileTicket(url: string, dataDir: string, i: number): Promise<string | null> {
  try {
    const res = await fetch(`${url}/api/support`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ticket(i, dataDir)) });
    if (res.status !== 201 && res.status !== 200) return null;
    const body = (await res.json()) as { ticketId?: string };
    return body.ticketId ?? null;
  } catch {
    return null;
  }
}

describe('faults', () => {
  it('loses no acknowledged ticket when killed with SIGKILL mid-stream', async () => {
    const smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '100' };
    const first = await startServer({ env });
    const acknowledged: string[] = [];
    let i = 0;
    let killed = false;
    // Four concurrent streams of tickets; the kill lands while requests are in flight.
    const streams = Array.from({ length: 4 }, async () => {
      while (!killed) {
        const id = await fileTicket(first.url, first.dataDir, i++);
        if (id) acknowledged.push(id);
      }
    });
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    await first.stop('SIGKILL');
    await Promise.all(streams);

    const second = await startServer({ env, dataDir: first.dataDir });
    const db = new Database(path.join(first.dataDir, 'platform.db'), { readonly: true });
    const stored = new Set((db.prepare('SELECT ticket_id AS id FROM support_tickets').all() as { id: string }[]).map((r) => r.id));
    for (const id of acknowledged) expect([id, stored.has(id)]).toEqual([id, true]);
    // Every acknowledged ticket's two mails (team + customer) are delivered after the restart.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const bodies = smtp.messages.map((m) => `${m.subject ?? ''}\n${m.text ?? ''}`).join('\n');
      if (acknowledged.every((id) => bodies.split(id).length - 1 >= 2)) break;
      if (Date.now() > deadline) throw new Error('not every acknowledged ticket was mailed');
      await new Promise((r) => setTimeout(r, 100));
    }
    db.close();
    await second.stop();
    await smtp.stop();
  }, 60_000);

  it('finishes in-flight requests on SIGTERM with zero errors', async () => {
    const server = await startServer();
    // Requests are made in flight deterministically: headers and half the body sent, then SIGTERM.
    const statuses = await new Promise<number[]>((resolve) => {
      const results: number[] = [];
      const n = 20;
      const pending: http.ClientRequest[] = [];
      for (let k = 0; k < n; k++) {
        const body = JSON.stringify(ticket(k, server.dataDir));
        const req = http.request(`${server.url}/api/support`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', () => {
            results.push(res.statusCode ?? 0);
            if (results.length === n) resolve(results);
          });
        });
        req.on('error', () => {
          results.push(-1);
          if (results.length === n) resolve(results);
        });
        req.write(body.slice(0, 10));
        pending.push(req);
        (req as http.ClientRequest & { rest?: string }).rest = body.slice(10);
      }
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => pending.forEach((req) => req.end((req as http.ClientRequest & { rest?: string }).rest)), 300);
      }, 300);
    });
    expect(statuses).toEqual(Array(20).fill(201));
    expect(await server.stop()).toBe(0);
  }, 30_000);

  it('refuses to start with a clear message when DATA_DIR is unusable or the database is corrupt', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-'));
    const file = path.join(base, 'a-file');
    fs.writeFileSync(file, 'x');
    await expect(startServer({ dataDir: path.join(file, 'data') })).rejects.toThrow(/exited with 3[\s\S]*DATA_DIR .* is not a writable directory/);
    const corrupt = path.join(base, 'corrupt');
    fs.mkdirSync(corrupt);
    fs.writeFileSync(path.join(corrupt, 'platform.db'), Buffer.alloc(8192, 7));
    await expect(startServer({ dataDir: corrupt })).rejects.toThrow(/exited with 3[\s\S]*Cannot open database/);
    await expect(startServer({ env: { PORT: 'not-a-port' } })).rejects.toThrow(/exited with 2[\s\S]*PORT/);
  }, 30_000);
});
