import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import etag from 'etag';
import expressStaticGzip from 'express-static-gzip';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { HttpError } from './errors';
import { wantsPage } from './notFound';

export interface BuiltSite {
  dir: string;
  /** URL path ('/support') to the HTML file that renders it. */
  pages: Map<string, string>;
  /**
   * Per HTML file, the CSP source expressions ('sha256-…') of its own inline scripts. Each page
   * is sent with a policy allowing just those: one policy for the whole build listed ~60 hashes,
   * ~4.5 KB sent with every script, stylesheet and image.
   */
  inlineScriptHashes: Map<string, string[]>;
  /**
   * URL paths ('/assets/js/main.1a2b.js') of the files the static handler may send: everything
   * but HTML and precompressed copies. Pages go out only through `pages`, so a page's access
   * rule cannot be skipped by asking for its file under another spelling.
   */
  files: Set<string>;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * Indexes the Docusaurus build once at start-up: which file answers which URL, and the hashes
 * of the theme's inline scripts so the CSP can allow exactly those and nothing else inline.
 */
export function loadBuiltSite(linked: string): BuiltSite | undefined {
  if (!fs.existsSync(path.join(linked, 'index.html'))) return undefined;
  // `build` is a link that the next start with another address moves: this process keeps the
  // folder it started with (scripts/ensureBuild.ts keeps it for a while).
  const dir = fs.realpathSync(linked);
  const pages = new Map<string, string>();
  const inlineScriptHashes = new Map<string, string[]>();
  const files = new Set<string>();
  for (const file of walk(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    if (!file.endsWith('.html')) {
      if (!/\.(?:br|gz)$/.test(rel)) files.add(`/${rel}`);
      continue;
    }
    let route = `/${rel.replace(/\.html$/, '')}`;
    if (route.endsWith('/index')) route = route.slice(0, -'/index'.length) || '/';
    pages.set(route, file);
    const html = fs.readFileSync(file, 'utf8');
    const hashes = new Set<string>();
    for (const m of html.matchAll(INLINE_SCRIPT)) {
      const body = m[1] ?? '';
      if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    inlineScriptHashes.set(file, [...hashes]);
  }
  return { dir, pages, inlineScriptHashes, files };
}

/**
 * The path a request names, decoded and with empty, `.` and `..` segments resolved, so every
 * spelling of a page (`//x`, `/%78`, `/a/../x`, `/x/`) is judged as the page it reaches.
 * One pass over a length-limited string: no regex or nested loop on request input.
 * Returns undefined for malformed percent-encoding or a NUL byte.
 */
export function canonicalPath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

export interface SiteOptions {
  planIds: readonly string[];
  /** Page routes ('/white-label') whose HTML is only sent after `guard` lets the request on. */
  protectedRoutes: readonly string[];
  guard: RequestHandler;
  /** The CSP of a page, given the hashes of its inline scripts. */
  documentPolicy: (inlineScriptHashes: readonly string[]) => string;
}

/** Serves the built site: hashed assets cached for a year, pages revalidated, 404 page otherwise. */
export function siteRouter(site: BuiltSite, { planIds, protectedRoutes, guard, documentPolicy }: SiteOptions): Router {
  const router = express.Router();
  const policies = new Map([...site.inlineScriptHashes].map(([file, hashes]) => [file, documentPolicy(hashes)]));
  const sendPage = (res: Response, file: string, status = 200): void => {
    res.setHeader('Content-Security-Policy', policies.get(file) ?? documentPolicy([]));
    // The app hashes no res.send body for an ETag (app.ts), and Express hands that setting to
    // sendFile too: a page's validator is set here, as `send` would make it (size and mtime,
    // read now, so a rebuilt page is never answered 304), and `send` answers If-None-Match with it.
    fs.stat(file, (err, stat) => {
      // Answered meanwhile (a client gone, a timeout): nothing more to send, and no header to set.
      if (res.headersSent) return;
      if (!err) res.setHeader('ETag', etag(stat));
      // Relative to the build's folder: `send` refuses a path with a dot-folder in it, and the
      // build lives under .builds/ (scripts/ensureBuild.ts).
      res.status(status).sendFile(path.relative(site.dir, file), { root: site.dir });
    });
  };
  // Sends the build's precompressed `.br`/`.gz` copy when the browser accepts it (see
  // src/plugins/precompress.ts); other files fall through to on-the-fly compression.
  const serveFile = expressStaticGzip(site.dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      fallthrough: false,
      setHeaders(res, filePath) {
        const rel = path.relative(site.dir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    },
  });
  const protectedFiles = new Set(protectedRoutes.map((r) => site.pages.get(r)).filter((f) => f !== undefined));
  const fallbackPlanPage = site.pages.get('/api-docs/:planId');
  const planPageFor = (route: string): string | undefined => {
    const [empty, section, planId, ...rest] = route.split('/');
    if (empty !== '' || section !== 'api-docs' || !planId || rest.length > 0 || planIds.includes(planId)) return undefined;
    // Unknown plan ids show the starter content (spec): serve the :planId fallback page.
    return fallbackPlanPage;
  };

  const notFoundPage = site.pages.get('/404');
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // No page takes writes: a browser's form gets the 404 page, API clients the JSON 404 (notFound.ts).
      if (notFoundPage && wantsPage(req)) sendPage(res, notFoundPage, 404);
      else next();
      return;
    }
    const route = canonicalPath(req.path);
    if (route === undefined) {
      next(new HttpError(400, 'The address is not valid: it has malformed percent-encoding'));
      return;
    }
    if (site.files.has(route)) {
      // The static handler decodes the URL again: hand it the canonical spelling only.
      req.url = route.split('/').map(encodeURIComponent).join('/');
      serveFile(req, res, next);
      return;
    }
    const file = site.pages.get(route) ?? planPageFor(route);
    res.setHeader('Cache-Control', 'no-cache');
    if (!file) {
      if (notFoundPage && wantsPage(req)) sendPage(res, notFoundPage, 404);
      else next();
      return;
    }
    if (!protectedFiles.has(file)) {
      sendPage(res, file);
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    guard(req, res, (err?: unknown) => {
      if (err) next(err);
      else sendPage(res, file);
    });
  });
  return router;
}
