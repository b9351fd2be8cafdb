/**
 * The receipt goes to whatever address a stranger typed into a public form, so it must not carry
 * one word the stranger chose: otherwise our mail server relays their text to anyone's inbox
 * (the help-desk relay abuse of 2022-23). Checked on the message as it leaves, parsed back.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';
import { fileSender } from '../../../api-server/src/mail/transport';
import { SUPPORT_PRIORITIES, formatResponseTime } from '../../../src/data/support';

const SUPPORT_EMAIL = 'helpdesk@ledgerline.test';
// Distinctive words, so a hit can only come from the submission.
const submitted = {
  name: 'Quillon Zarathustrine',
  email: 'target@example.com',
  subject: 'Claim your Marzipanvault reward',
  message: 'Go to http://relay-bait.example/xq7 and enter Pumpernickelcode',
  priority: 'urgent',
  category: 'billing',
} as const;
const WORDS = ['Quillon', 'Zarathustrine', 'Marzipanvault', 'reward', 'relay-bait', 'xq7', 'Pumpernickelcode'];

describe('support receipt', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ SUPPORT_EMAIL });
  });
  afterEach(() => t.close());

  it('carries nothing the submitter wrote, in any header or part, as delivered', async () => {
    const res = await request(t.app).post('/api/support').set('Content-Type', 'application/json').send(JSON.stringify(signed(t, submitted)));
    expect(res.status).toBe(201);
    const ticketId = res.body.ticketId as string;
    const receipt = (await t.outbox.list({ ref: `support:${ticketId}` })).find((m) => m.to === submitted.email)!;
    expect(receipt).toBeDefined();

    const spool = path.join(t.dataDir, 'mail-out');
    const sender = fileSender(spool);
    await sender.send(receipt);
    sender.close();
    const [file] = fs.readdirSync(spool);
    const raw = fs.readFileSync(path.join(spool, file!), 'utf8');
    const mail = await simpleParser(raw);

    // Decoded: every header (To with its display name, Subject, Reply-To), the text and the HTML.
    const headers = [...mail.headerLines.map((h) => h.line)];
    const toNames = [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.name);
    const decoded = [...headers, mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : '', ...toNames].join('\n');
    for (const word of WORDS) {
      expect(decoded.toLowerCase()).not.toContain(word.toLowerCase());
      expect(raw.toLowerCase()).not.toContain(word.toLowerCase());
    }
    // What it may and should say: the ticket id, its priority and response time, fixed text.
    expect(mail.subject).toContain(ticketId);
    expect(mail.text).toContain(ticketId);
    expect(mail.text).toContain(`respond within ${formatResponseTime(SUPPORT_PRIORITIES.urgent.responseHours)}`);
    expect(toNames.every((n) => n === '')).toBe(true);

    // The team still gets all of it, addressed back to the submitter.
    const team = (await t.outbox.list({ ref: `support:${ticketId}` })).find((m) => m.to === SUPPORT_EMAIL)!;
    for (const word of ['Quillon', 'Marzipanvault', 'Pumpernickelcode']) expect(team.text).toContain(word);
  });
});
