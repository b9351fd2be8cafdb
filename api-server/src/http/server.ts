import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import { CLIENT_TIMEOUTS, ENV_VARS } from '../../../src/data/operations';

/**
 * The HTTP server of an Express app, its requests and responses built with the app's own
 * prototypes (`app.request`, `app.response`) from the start, through Node's documented
 * `IncomingMessage` and `ServerResponse` options.
 *
 * Why (issue 28): Express re-parents every request and response as it enters the app
 * (`Object.setPrototypeOf`). V8 then gives each object a fresh hidden class, and every property
 * access on it, in Node's HTTP code as much as in Express's, misses its inline caches. Measured
 * on this machine with a hello-world (autocannon, 50 connections): 7,700 req/s as Express serves
 * it, 22,000 with these constructors. Express still calls setPrototypeOf, which does nothing
 * when the prototype is already the one; if a later Express stopped doing so, requests would
 * behave the same, only slower. For the same reason no sub-app is mounted under this one
 * (a mounted app re-parents the objects again on the way in and out).
 *
 * A slow or stalled sender is cut off past CLIENT_TIMEOUTS (src/data/operations.ts) and answered
 * 408 JSON by answerClientError (limits.ts).
 */
export function createServer(app: Express, timeouts: Partial<Record<keyof typeof CLIENT_TIMEOUTS | 'keepAliveMs', number>> = {}): http.Server {
  const { headersMs, requestMs, checkEveryMs, keepAliveMs } = { ...CLIENT_TIMEOUTS, keepAliveMs: ENV_VARS.KEEP_ALIVE_TIMEOUT_MS.default, ...timeouts };
  // Plain constructor functions rather than classes: a class's instances would have the class's
  // prototype, and the point is that they have the app's. Each builds its object with
  // Reflect.construct, giving Node's constructor as the one whose shape to use and this function
  // as new.target (whose prototype is the app's): the object gets the in-object property slots V8
  // has learned for Node's own requests. Built by `Node's constructor.call(this)` instead, it had
  // the few slots of this empty function, and past 12 properties stored outside the object V8 turns
  // one stored by a computed key (Node's `this[kSymbol] = ...`) into a dictionary: every request
  // and response was in dictionary mode, ~4.7 kB of hash table per pair and a hash lookup for each
  // property read (tests/api/http/server.test.ts guards it).
  function AppRequest(socket: Socket): IncomingMessage {
    return Reflect.construct(IncomingMessage, [socket], AppRequest) as IncomingMessage;
  }
  AppRequest.prototype = app.request;
  function AppResponse(req: IncomingMessage, options?: unknown): ServerResponse {
    // Node passes its options (highWaterMark, rejectNonStandardBodyWrites) on: forwarded untouched.
    return Reflect.construct(ServerResponse, [req, options], AppResponse) as ServerResponse;
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      // Node's types declare these as classes; `new` on these functions gives the same objects.
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      connectionsCheckingInterval: checkEveryMs,
      keepAliveTimeout: keepAliveMs,
    },
    app,
  );
}
