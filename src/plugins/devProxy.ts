import type { LoadContext, Plugin } from '@docusaurus/types';

/** In `npm run dev`, forwards /api from the Docusaurus dev server to the API server. */
export default function devProxyPlugin(_context: LoadContext): Plugin {
  return {
    name: 'dev-api-proxy',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      const devServer = {
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` }],
      };
      // webpack's Configuration type lacks devServer unless webpack-dev-server's typings load.
      return { devServer } as object;
    },
  };
}
