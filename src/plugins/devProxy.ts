import type { LoadContext, Plugin } from '@docusaurus/types';
import { SANDBOX_BASE_PATH } from '../data/sandbox';

/**
 * Every path the production server answers itself rather than from the built site. In
 * `npm run dev` the Docusaurus dev server serves the pages and forwards these to the API server,
 * so the site behaves as built ("Try it" reaches the sandbox). A new server path goes here.
 */
export const SERVER_PATHS = ['/api', SANDBOX_BASE_PATH, '/healthz', '/readyz', '/metrics', '/mcp'] as const;

/** The path itself or below it: `/api/x` is the server's, `/apiary` a page. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** In `npm run dev`, forwards SERVER_PATHS from the Docusaurus dev server to the API server. */
export default function devProxyPlugin(_context: LoadContext): Plugin {
  return {
    name: 'dev-api-proxy',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      const devServer = {
        // A function, not a list: a list of strings matches by prefix, which would take /apiary.
        proxy: [{ context: isServerPath, target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` }],
      };
      // webpack's Configuration type lacks devServer unless webpack-dev-server's typings load.
      return { devServer } as object;
    },
  };
}
