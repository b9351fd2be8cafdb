import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';

/**
 * sandbox_request: one call to this server's own sandbox, and nothing else. The path is judged
 * before anything is sent: other hosts, absolute or protocol-relative URLs, `/api/*`, `.`/`..`
 * segments (also percent-encoded, however often) and backslashes are refused.
 */
export interface SandboxCall {
  key: string;
  method: string;
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface SandboxAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export class RefusedCall extends Error {
  override name = 'RefusedCall';
}

/** Headers the transport sets itself, or that would name another target. */
const RESERVED_HEADERS = new Set(['host', 'authorization', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'expect', 'te', 'trailer', 'keep-alive', 'proxy-authorization', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']);
const ANSWER_TIMEOUT_MS = 10_000;

/** Decoded until stable: `%252e%252e` is `..` too. Undefined for malformed encoding. */
function fullyDecoded(text: string): string | undefined {
  let current = text;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/** The sandbox-relative path, e.g. `/banking/accounts`; throws RefusedCall. */
export function sandboxPath(raw: string): string {
  const refuse = (why: string) => new RefusedCall(`Refused without sending: ${why}. Give a path of the v1 API, e.g. /banking/accounts; it is sent to ${SANDBOX_BASE_PATH} on this server only.`);
  let p = raw.trim();
  if (!p.startsWith('/') || p.startsWith('//')) throw refuse('the path must start with a single "/" (no host, scheme or absolute URL)');
  if (/[\\\s\u0000-\u001f\u007f?#@]/.test(p)) throw refuse('the path may not hold backslashes, spaces, control characters, "?", "#" or "@" (send the query in `query`)');
  const decoded = fullyDecoded(p);
  if (decoded === undefined) throw refuse('the path has malformed percent-encoding');
  if (decoded.split(/[/\\]/).some((segment) => segment === '..' || segment === '.')) throw refuse('"." and ".." segments are not allowed');
  if (/[\\?#]/.test(decoded) || decoded.startsWith('//')) throw refuse('the path decodes to a backslash, "?", "#" or a host');
  if (p === SANDBOX_BASE_PATH || p.startsWith(`${SANDBOX_BASE_PATH}/`)) p = p.slice(SANDBOX_BASE_PATH.length) || '/';
  if (/^\/api(?:\/|$)/i.test(decoded) || /^\/sandbox(?:\/|$)/i.test(p)) throw refuse('only the sandbox answers here, not /api or other paths of the site');
  return p;
}

/** Sends the call to `origin` (this server's own address) + SANDBOX_BASE_PATH + path. */
export async function callSandbox(origin: string, call: SandboxCall): Promise<SandboxAnswer> {
  const method = call.method.toUpperCase();
  const path = sandboxPath(call.path);
  const url = new URL(`${origin}${SANDBOX_BASE_PATH}${path}`);
  // What URL parsing made of it must still be this server's sandbox.
  if (url.origin !== origin || !url.pathname.startsWith(`${SANDBOX_BASE_PATH}/`)) throw new RefusedCall(`Refused without sending: ${call.path} does not name a sandbox path.`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.append(name, String(value));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw new RefusedCall(`Refused without sending: the ${name} header is set by the server (the key goes in \`key\`).`);
    headers[name] = value;
  }
  headers.Authorization = `Bearer ${call.key}`;
  const hasBody = call.body !== undefined && method !== 'GET' && method !== 'HEAD';
  if (hasBody) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: hasBody ? JSON.stringify(call.body) : undefined, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON: given back as the text it is.
  }
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body };
}
