/**
 * @jest-environment node
 *
 * Runs the webhook signature samples exactly as the docs show them, against a known payload,
 * secret and signature (computed once, independently, with Python's hmac module).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLES, NODE_VERIFY_SAMPLE, PYTHON_VERIFY_SAMPLE, SHELL_VERIFY_SAMPLE, WEBHOOK_DELIVERY_EXAMPLE, WEBHOOK_HEADERS } from '@site/src/data/apiReference';

const SECRET = 'whsec_test_5f8d2a9c7e1b4f6a';
const TIMESTAMP = '1727775000';
const PAYLOAD =
  '{"id":"evt_1Ox4KpL7sD2fG9hJ","type":"transaction.completed","created":1727775000,"data":{"object":{"id":"txn_3MtwBwLkdIwHu7ix","amount":-149.99,"currency":"USD","status":"completed"}},"api_version":"v1"}';
const SIGNATURE = 'sha256=28a207620e62730c2088de984599dd56c580c0d2b0121822fb806489fd085e6b';
const NOW = Number(TIMESTAMP) + 60;

interface Case {
  name: string;
  body: string;
  signature: string;
  timestamp: string;
  secret: string;
  now: number;
  expected: boolean;
}
const CASES: Case[] = [
  { name: 'genuine delivery', body: PAYLOAD, signature: SIGNATURE, timestamp: TIMESTAMP, secret: SECRET, now: NOW, expected: true },
  { name: 'tampered body', body: PAYLOAD.replace('-149.99', '-1.00'), signature: SIGNATURE, timestamp: TIMESTAMP, secret: SECRET, now: NOW, expected: false },
  { name: 'wrong secret', body: PAYLOAD, signature: SIGNATURE, timestamp: TIMESTAMP, secret: 'whsec_other', now: NOW, expected: false },
  { name: 'changed timestamp', body: PAYLOAD, signature: SIGNATURE, timestamp: String(Number(TIMESTAMP) + 1), secret: SECRET, now: NOW, expected: false },
  { name: 'stale delivery (replay)', body: PAYLOAD, signature: SIGNATURE, timestamp: TIMESTAMP, secret: SECRET, now: Number(TIMESTAMP) + 3600, expected: false },
  { name: 'missing signature', body: PAYLOAD, signature: '', timestamp: TIMESTAMP, secret: SECRET, now: NOW, expected: false },
];

const dir = mkdtempSync(join(tmpdir(), 'sig-samples-'));

describe('webhook signature samples', () => {
  it('verify the documented delivery example (signed with the documented webhook secret)', () => {
    const file = join(dir, 'verify-example.cjs');
    writeFileSync(file, NODE_VERIFY_SAMPLE);
    const { headers, body } = WEBHOOK_DELIVERY_EXAMPLE;
    const c = { body, signature: headers[WEBHOOK_HEADERS.signature], timestamp: headers[WEBHOOK_HEADERS.timestamp], secret: EXAMPLES.Webhook.secret };
    const harness = `const { verifyWebhookSignature } = require(${JSON.stringify(file)});
      const c = JSON.parse(process.argv[1]);
      console.log(JSON.stringify(verifyWebhookSignature(Buffer.from(c.body), c.signature, c.timestamp, c.secret, 300, Number(c.timestamp))));`;
    expect(execFileSync(process.execPath, ['-e', harness, JSON.stringify(c)], { encoding: 'utf8' }).trim()).toBe('true');
  });

  it('Node.js sample verifies the known signature and rejects forgeries', () => {
    const file = join(dir, 'verify.cjs');
    writeFileSync(file, NODE_VERIFY_SAMPLE);
    const harness = `const { verifyWebhookSignature } = require(${JSON.stringify(file)});
      const cases = JSON.parse(process.argv[1]);
      console.log(JSON.stringify(cases.map((c) => verifyWebhookSignature(Buffer.from(c.body), c.signature, c.timestamp, c.secret, 300, c.now))));`;
    const out = execFileSync(process.execPath, ['-e', harness, JSON.stringify(CASES)], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(CASES.map((c) => c.expected));
  });

  it('Python sample verifies the known signature and rejects forgeries', () => {
    const file = join(dir, 'verify_sample.py');
    writeFileSync(file, PYTHON_VERIFY_SAMPLE);
    const harness = `import json, sys
sys.path.insert(0, ${JSON.stringify(dir)})
from verify_sample import verify_webhook_signature
cases = json.loads(sys.argv[1])
print(json.dumps([verify_webhook_signature(c["body"].encode(), c["signature"], c["timestamp"], c["secret"], 300, c["now"]) for c in cases]))`;
    const out = execFileSync('python3', ['-c', harness, JSON.stringify(CASES)], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(CASES.map((c) => c.expected));
  });

  it('shell sample prints valid for the known signature and invalid for a tampered body', () => {
    const run = (body: string) => {
      const cwd = mkdtempSync(join(dir, 'sh-'));
      writeFileSync(join(cwd, 'payload.json'), body);
      return execFileSync('bash', ['-c', SHELL_VERIFY_SAMPLE], {
        cwd,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', TIMESTAMP, SIGNATURE, LEDGERLINE_WEBHOOK_SECRET: SECRET },
      }).trim();
    };
    expect(run(PAYLOAD)).toBe('valid');
    expect(run(PAYLOAD + ' ')).toBe('invalid');
  });
});
