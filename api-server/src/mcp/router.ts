import { isIPv6 } from 'node:net';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { FeatureContext } from '../deps';
import { isStorageFault } from '../db/database';
import { clientErrorOf, HttpError, STORAGE_FAULT_MESSAGE } from '../http/errors';
import { jsonBody } from '../http/jsonBody';
import type { BuiltSite } from '../http/site';
import { issueKey, sandboxKeyLimiter } from '../sandbox/feature';
import { SandboxError } from '../sandbox/errors';
import { requestsOf } from '../sandbox/requestLog';
import { DocsIndex } from './docs';
import { endpointDetails, listEndpoints } from './endpoints';
import { callSandbox, RefusedCall } from './sandboxCall';

/** Where the server answers, on the site's own port. */
export const MCP_PATH = '/mcp';

/** JSON-RPC 2.0 error codes (the transport answers with the same), and the range left to servers. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const SERVER_ERROR = -32000;

const rpcError = (res: Response, status: number, code: number, message: string) => res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });

/** Runs an Express middleware (a limiter) as a step of a tool: its refusal becomes the tool's error. */
const pass = (handler: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => {
    void handler(req, res, (err?: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()));
  });

/** This server's own address as the request reached it: sandbox_request calls it and nothing else. */
function ownOrigin(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.startsWith('::ffff:') ? address.slice(7) : address;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${req.socket.localPort}`;
}

/**
 * The MCP server at /mcp (Streamable HTTP, stateless): each POST gets a server and transport of
 * its own, so any instance answers any request and nothing is kept between them. JSON answers,
 * no SSE stream: none of the tools sends progress.
 */
export function mcpRouter(ctx: FeatureContext, site: BuiltSite | undefined): Router {
  const docs = DocsIndex.fromSite(site, ctx.config.siteUrl);
  ctx.logger.info({ pages: docs.size }, 'MCP docs index loaded');
  const endpoint = endpointDetails({ siteUrl: ctx.config.siteUrl, apiBaseUrl: ctx.config.apiBaseUrl });
  const keyLimiter = sandboxKeyLimiter(ctx.counters, ctx.metrics);
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(ctx.limiters.api);
  router.post('/', jsonBody({ anyContentType: true, strict: false }), async (req, res) => {
    // JSON-RPC 2.0: one message object or a non-empty batch of them (the transport would answer `[]` 202).
    const body: unknown = req.body;
    const isMessage = (m: unknown) => typeof m === 'object' && m !== null && !Array.isArray(m);
    if (!(isMessage(body) || (Array.isArray(body) && body.length > 0 && body.every(isMessage)))) {
      rpcError(res, 400, INVALID_REQUEST, 'Invalid Request: the body must be a JSON-RPC 2.0 message object, or a non-empty array of them.');
      return;
    }
    // The MCP SDK loads at the first /mcp request, not at start: ~7 MB of heap that a site whose
    // traffic never meets an assistant need not carry, and a smaller heap is what lets the server
    // give its old generation room under load (issue 28, scripts/buildServer.ts). Modules are
    // cached: later requests do not wait.
    const { StreamableHTTPServerTransport, mcpServer } = await import('./sdk');
    const server = mcpServer({
      docs,
      endpoint,
      listEndpoints,
      createKey: async (plan) => {
        await pass(keyLimiter, req, res);
        try {
          return await issueKey(ctx, plan);
        } catch (err) {
          // The tool's error is shown to the assistant: the storage's own words stay in our log.
          ctx.logger.error({ err }, 'MCP create_sandbox_key failed');
          throw new Error(isStorageFault(err) ? STORAGE_FAULT_MESSAGE : 'The key could not be created. Please try again.');
        }
      },
      callSandbox: (call) => callSandbox(ownOrigin(req), call),
      requests: async (key, limit) => {
        try {
          return await requestsOf(ctx, `Bearer ${key}`, limit);
        } catch (err) {
          throw err instanceof SandboxError ? new Error(err.message) : err;
        }
      },
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: there is no stream to open (GET) or session to end (DELETE).
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST');
    rpcError(res, 405, INVALID_REQUEST, 'Method not allowed: send JSON-RPC messages with POST (this server keeps no sessions or streams).');
  });
  router.use(mcpErrors(ctx));
  return router;
}

/** Every failure on /mcp as a JSON-RPC error with a fitting HTTP status, never a stack trace. */
function mcpErrors({ logger }: Pick<FeatureContext, 'logger'>): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const client = clientErrorOf(err);
    if (client) {
      rpcError(res, client.status, client.body && client.status === 400 ? PARSE_ERROR : INVALID_REQUEST, client.status === 400 && client.body ? `Parse error: ${client.message}` : client.message);
    } else if (err instanceof HttpError) {
      rpcError(res, err.status, SERVER_ERROR, err.message);
    } else if (err instanceof RefusedCall) {
      rpcError(res, 400, INVALID_REQUEST, err.message);
    } else {
      logger.error({ err, path: req.path }, 'MCP request failed');
      rpcError(res, 500, INTERNAL_ERROR, 'An unexpected error occurred.');
    }
  };
}
