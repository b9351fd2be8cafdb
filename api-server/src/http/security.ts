import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

type Header = [name: string, value: string];

/**
 * The headers a helmet configuration sets, computed once. Ours depend on nothing in the request
 * (script hashes, not nonces), and running helmet's eleven middlewares per request cost more
 * than the rest of a form post's routing.
 */
function headersOf(handler: RequestHandler): Header[] {
  const headers: Header[] = [];
  const res = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let called = false;
  handler({} as Request, res as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error('security headers: helmet did not finish synchronously');
  return headers;
}

function setAll(headers: readonly Header[]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * Security headers. Scripts: only our own files plus the exact inline scripts the build
 * contains (by hash), never 'unsafe-inline'. Styles stay inline-capable because React style
 * attributes and Docusaurus rely on them.
 */
export function securityHeaders(inlineScriptHashes: string[], formActions: string[]): RequestHandler {
  return setAll(headersOf(siteHelmet(inlineScriptHashes, formActions)));
}

/**
 * The API answers JSON, never a document: its policy allows nothing at all, which is both
 * stricter and a tenth of the size of the site's (every answer carries it).
 */
export function apiSecurityHeaders(): RequestHandler {
  const headers = headersOf(siteHelmet([], [])).filter(([name]) => name.toLowerCase() !== 'content-security-policy');
  headers.push(['Content-Security-Policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"]);
  return setAll(headers);
}

function siteHelmet(inlineScriptHashes: string[], formActions: string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...formActions],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    // HSTS only makes sense over TLS; see hstsWhenSecure.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}

/** Behind a TLS-terminating proxy (TRUST_PROXY hops), tell browsers to stay on HTTPS. */
export const hstsWhenSecure: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
};
