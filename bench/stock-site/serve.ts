import compression from 'compression';
import express from 'express';

/**
 * Serves the built stock sites the way our server serves ours (compressed static files), so the
 * references differ from our pages only by the pages themselves. Each further argument is a build
 * folder and the base URL it was built for: `serve.ts PORT DIR=/ DIR=/docs-site/`.
 */
const [portArg, ...mounts] = process.argv.slice(2);
if (!portArg || mounts.length === 0) throw new Error('usage: serve.ts <port> <built-dir>=<baseUrl>...');
const app = express();
app.disable('x-powered-by');
app.use(compression());
// The longest base URL first: "/" would otherwise answer (with a 404 page) for the others.
const parsed = mounts.map((m) => {
  const at = m.lastIndexOf('=');
  if (at < 1) throw new Error(`expected <built-dir>=<baseUrl>, got "${m}"`);
  return { dir: m.slice(0, at), baseUrl: m.slice(at + 1) };
});
for (const { dir, baseUrl } of parsed.sort((a, b) => b.baseUrl.length - a.baseUrl.length)) {
  app.use(baseUrl, express.static(dir, { extensions: ['html'] }));
}
app.listen(Number(portArg), '127.0.0.1', () => console.log(`listening on ${portArg}`));
