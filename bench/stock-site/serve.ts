import compression from 'compression';
import express from 'express';

/**
 * Serves the built stock site the way our server serves ours (compressed static files), so
 * the reference differs from our pages only by the pages themselves.
 */
const [dir, portArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: serve.ts <built-dir> <port>');
const port = Number(portArg ?? 3181);
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use(express.static(dir, { extensions: ['html'] }));
app.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
