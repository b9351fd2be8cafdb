import { spawn, spawnSync } from 'node:child_process';

/**
 * `npm run dev`: the API server on API_PORT (default 3001) and the Docusaurus dev server on
 * 3000, whose /api requests are proxied to the API (see src/plugins/devProxy.ts). The typed client
 * (static/client/ledgerline.ts, built, not committed) is generated first; the dev server renders
 * the OpenAPI document itself (src/plugins/siteAddressFiles.ts).
 */
if (spawnSync('npx', ['tsx', 'scripts/generate-openapi.ts'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const apiPort = process.env.API_PORT ?? '3001';
const api = spawn('npx', ['tsx', 'watch', 'api-server/src/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, BUILD_DIR: '/nonexistent-dev-build' },
});
const site = spawn('npx', ['docusaurus', 'start', '--port', process.env.PORT ?? '3000', '--no-open'], {
  stdio: 'inherit',
  env: { ...process.env, API_PORT: apiPort },
});
const stop = () => {
  api.kill('SIGTERM');
  site.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
site.on('exit', stop);
