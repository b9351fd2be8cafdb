import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { SANDBOX_WEBHOOK_DELIVERY } from '../../../../src/data/sandbox';
import type { CheckedTarget } from './addresses';

/** How one POST is bounded; defaults from src/data/sandbox.ts (SANDBOX_WEBHOOK_DELIVERY). */
export interface OutboundOptions {
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Bytes of the answer read; the connection is dropped after them. */
  maxResponseBytes?: number;
  /**
   * Extra CA certificates to trust, for tests whose endpoint has a test certificate and whose
   * process did not start with NODE_EXTRA_CA_CERTS. Production leaves it unset: the system's
   * (and NODE_EXTRA_CA_CERTS') authorities decide.
   */
  ca?: string | Buffer;
}

/** What one attempt gave: the endpoint's status (or why there is none), timing and the first bytes of its answer. */
export interface AttemptResult {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  responseTimeMs: number;
  responseBody: string;
}

/**
 * POSTs `body` to a target checkTarget approved. The connection goes to the checked address
 * alone: the request's `lookup` answers with it, so the name is never resolved a second time
 * (a DNS answer that changes between check and connect, rebinding, cannot redirect it), while
 * TLS still verifies the certificate for the URL's host (SNI). No redirect is followed: a 3xx
 * is a failed attempt. Never rejects.
 */
export function post(target: CheckedTarget, headers: Record<string, string>, body: string, options: OutboundOptions = {}): Promise<AttemptResult> {
  const connectTimeoutMs = options.connectTimeoutMs ?? SANDBOX_WEBHOOK_DELIVERY.connectTimeoutMs;
  const totalTimeoutMs = options.totalTimeoutMs ?? SANDBOX_WEBHOOK_DELIVERY.totalTimeoutMs;
  const maxBytes = options.maxResponseBytes ?? SANDBOX_WEBHOOK_DELIVERY.maxResponseBytes;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    // Node asks for every address when it may race IPv4 and IPv6 (autoSelectFamily): the one checked.
    if (opts.all) (callback as unknown as (err: null, all: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'responseTimeMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      req.destroy();
      resolve({ ...r, responseTimeMs: elapsed() });
    };
    const req = https.request(
      {
        method: 'POST',
        host: target.host,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        // An IP literal is not a server name (RFC 6066): no SNI then, the certificate is checked for the IP.
        servername: net.isIP(target.host) ? undefined : target.host,
        lookup: net.isIP(target.host) ? undefined : lookup,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Ledgerline-Webhooks/1.0', Connection: 'close' },
        agent: false,
        ca: options.ca,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const responseBody = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
          if (status >= 200 && status < 300) finish({ ok: true, httpStatus: status, error: null, responseBody });
          else if (status >= 300 && status < 400) finish({ ok: false, httpStatus: status, error: 'redirect not followed', responseBody });
          else finish({ ok: false, httpStatus: status, error: `HTTP ${status}`, responseBody });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          // Enough read: the rest is never downloaded.
          if (read >= maxBytes) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const total = setTimeout(() => finish({ ok: false, httpStatus: null, error: `timed out after ${totalTimeoutMs} ms`, responseBody: '' }), totalTimeoutMs);
    const connect = setTimeout(() => finish({ ok: false, httpStatus: null, error: `connection timed out after ${connectTimeoutMs} ms`, responseBody: '' }), connectTimeoutMs);
    req.on('socket', (socket) => socket.once('secureConnect', () => clearTimeout(connect)));
    req.on('error', (err: NodeJS.ErrnoException) => finish({ ok: false, httpStatus: null, error: err.code ? `${err.code}: ${err.message}` : err.message, responseBody: '' }));
    req.end(body);
  });
}
