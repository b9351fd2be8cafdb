import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import express, { type RequestHandler, type Router } from 'express';

export interface BuiltSite {
  dir: string;
  /** URL path ('/support') to the HTML file that renders it. */
  pages: Map<string, string>;
  /** CSP source expressions ('sha256-…') of every inline script in the built HTML. */
  inlineScriptHashes: string[];
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
export function loadBuiltSite(dir: string): BuiltSite | undefined {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return undefined;
  const pages = new Map<string, string>();
  const hashes = new Set<string>();
  for (const file of walk(dir)) {
    if (!file.endsWith('.html')) continue;
    const rel = path.relative(dir, file).split(path.sep).join('/');
    let route = `/${rel.replace(/\.html$/, '')}`;
    if (route.endsWith('/index')) route = route.slice(0, -'/index'.length) || '/';
    pages.set(route, file);
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(INLINE_SCRIPT)) {
      const body = m[1] ?? '';
      if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return { dir, pages, inlineScriptHashes: [...hashes] };
}

/** Serves the built site: hashed assets cached for a year, pages revalidated, 404 page otherwise. */
export function siteRouter(site: BuiltSite, planIds: readonly string[]): Router {
  const router = express.Router();
  router.use(
    // Sends the build's precompressed `.br`/`.gz` copy when the browser accepts it (see
    // src/plugins/precompress.ts); other files fall through to on-the-fly compression.
    expressStaticGzip(site.dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        redirect: false,
        setHeaders(res, filePath) {
          const rel = path.relative(site.dir, filePath);
          if (rel.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else if (filePath.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
          else res.setHeader('Cache-Control', 'public, max-age=3600');
        },
      },
    }),
  );
  const fallbackPlanPage = site.pages.get('/api-docs/:planId');
  const sendPage: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const route = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    let file = site.pages.get(route);
    // Unknown plan ids show the starter content (spec): serve the :planId fallback page.
    if (!file && fallbackPlanPage && /^\/api-docs\/[^/]+$/.test(route) && !planIds.includes(route.split('/')[2]!)) {
      file = fallbackPlanPage;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (file) {
      res.sendFile(file);
      return;
    }
    const notFound = site.pages.get('/404');
    if (notFound) res.status(404).sendFile(notFound);
    else res.status(404).type('text/plain').send('Not found');
  };
  router.use(sendPage);
  return router;
}
