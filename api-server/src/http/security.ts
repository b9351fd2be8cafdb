import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers. Scripts: only our own files plus the exact inline scripts the build
 * contains (by hash), never 'unsafe-inline'. Styles stay inline-capable because React style
 * attributes and Docusaurus rely on them.
 */
export function securityHeaders(inlineScriptHashes: string[], formActions: string[]): RequestHandler {
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
