/**
 * Webhook signature verification samples, shown in the docs AND executed by
 * tests/unit/docs/signatureSamples.test.ts against a known payload, secret and signature.
 * Scheme: hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the webhook secret, sent as
 * `sha256=<hex>` in X-Ledgerline-Signature, the timestamp in X-Ledgerline-Timestamp.
 */
import { SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_HEADERS } from './webhookHeaders';

export const NODE_VERIFY_SAMPLE = `const crypto = require('node:crypto');

/**
 * True when a webhook delivery was signed by Ledgerline with your webhook secret.
 * rawBody: the body exactly as received (string or Buffer), before any JSON parsing.
 * signature: the ${WEBHOOK_HEADERS.signature} header; timestamp: the ${WEBHOOK_HEADERS.timestamp} header.
 */
function verifyWebhookSignature(rawBody, signature, timestamp, secret, toleranceSeconds = ${SIGNATURE_TOLERANCE_SECONDS}, now = Math.floor(Date.now() / 1000)) {
  const sentAt = Number(timestamp);
  if (!Number.isInteger(sentAt) || Math.abs(now - sentAt) > toleranceSeconds) return false; // replayed or stale
  const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(\`\${sentAt}.\`).update(rawBody).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(String(signature || ''));
  return a.length === b.length && crypto.timingSafeEqual(a, b); // constant-time comparison
}

module.exports = { verifyWebhookSignature };`;

export const PYTHON_VERIFY_SAMPLE = `import hashlib
import hmac
import time
from typing import Optional


def verify_webhook_signature(raw_body: bytes, signature: str, timestamp: str, secret: str,
                             tolerance_seconds: int = ${SIGNATURE_TOLERANCE_SECONDS}, now: Optional[int] = None) -> bool:
    """True when a webhook delivery was signed by Ledgerline with your webhook secret.

    raw_body: the body exactly as received, before any JSON parsing.
    signature: the ${WEBHOOK_HEADERS.signature} header; timestamp: the ${WEBHOOK_HEADERS.timestamp} header.
    """
    try:
        sent_at = int(timestamp)
    except (TypeError, ValueError):
        return False
    now = int(time.time()) if now is None else now
    if abs(now - sent_at) > tolerance_seconds:
        return False  # replayed or stale
    signed = str(sent_at).encode() + b"." + raw_body
    expected = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature or "")  # constant-time comparison`;

/** For a quick manual check; reads TIMESTAMP, SIGNATURE, LEDGERLINE_WEBHOOK_SECRET and the body file. */
export const SHELL_VERIFY_SAMPLE = `# TIMESTAMP and SIGNATURE: the ${WEBHOOK_HEADERS.timestamp} and ${WEBHOOK_HEADERS.signature} headers.
# payload.json: the raw request body, byte for byte.
EXPECTED="sha256=$( { printf '%s.' "$TIMESTAMP"; cat payload.json; } \\
  | openssl dgst -sha256 -hmac "$LEDGERLINE_WEBHOOK_SECRET" | sed 's/^.*= //')"
if [ "$EXPECTED" = "$SIGNATURE" ]; then echo "valid"; else echo "invalid"; fi`;
