import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { CONNECTIONS_PER_ADDRESS, CONNECTIONS_RETRY_AFTER_S } from '../../../src/data/operations';
import { clientKey } from './rateLimit';

/**
 * How long a refused connection is still read (and what arrives thrown away) after its answer.
 * Why read at all: a socket closed with unread bytes in its receive buffer sends a reset, and a
 * client that has just sent its request may then lose the answer and see only the reset.
 */
const LINGER_MS = 2_000;

export const tooManyConnections = (perAddress: number) =>
  `Too many connections are open from your address (the most is ${perAddress}). Close some, or wait a moment, and try again.`;

/** The cap for this configuration: off behind proxies (TRUST_PROXY), where every connection is the balancer's. */
export function connectionCapFor(trustProxyHops: number): number | undefined {
  return trustProxyHops > 0 ? undefined : CONNECTIONS_PER_ADDRESS;
}

function refusal(perAddress: number, retryAfterS: number): Buffer {
  const body = JSON.stringify({ success: false, error: tooManyConnections(perAddress) });
  return Buffer.from(
    `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: ${retryAfterS}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function refuse(socket: Socket, answer: Buffer): void {
  // Node's HTTP code never sees this socket, so nothing else handles its errors (a reset peer).
  socket.on('error', () => socket.destroy());
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
  // The peer has read the answer and closed its side: nothing left to wait for.
  socket.once('end', () => socket.destroy());
  socket.end(answer);
  socket.resume();
}

/**
 * Caps the connections each client address holds open on `server` (issue 45): past `perAddress`,
 * a new connection is answered at once, on the raw socket, with 429 JSON, Retry-After and
 * `Connection: close`, and none of its requests reaches the app (a POST on it is never run).
 * The check costs a map lookup per connection, so a crowd from one host costs the server little
 * more than the kernel's accept. Addresses are counted as the rate limits count them (an IPv6
 * client by its /56).
 *
 * **Node internal**: http.Server does all its work on a connection in the one 'connection'
 * listener its constructor adds. A listener added beside it cannot stop it (the parser would
 * still read and route the refused socket's requests), so this one takes its place and calls it
 * for admitted sockets only. Call on a fresh server: anything else throws rather than leaving the
 * cap silently off (tests/api/http/connectionCap.test.ts guards it).
 */
export function capConnectionsPerAddress(server: Server, perAddress: number, onRefused?: () => void, retryAfterS = CONNECTIONS_RETRY_AFTER_S): void {
  const listeners = server.listeners('connection');
  if (listeners.length !== 1) throw new Error(`capConnectionsPerAddress: expected Node's one 'connection' listener on a fresh http.Server, found ${listeners.length}`);
  const nodeListener = listeners[0] as (this: Server, socket: Socket) => void;
  const answer = refusal(perAddress, retryAfterS);
  const open = new Map<string, number>();
  server.removeListener('connection', nodeListener);
  server.prependListener('connection', function admit(this: Server, socket: Socket) {
    if (socket.remoteAddress === undefined) {
      // Gone before it could be looked at.
      socket.destroy();
      return;
    }
    const address = clientKey({ ip: socket.remoteAddress });
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      refuse(socket, answer);
      onRefused?.();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    nodeListener.call(this, socket);
  });
}
