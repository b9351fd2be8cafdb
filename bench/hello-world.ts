import express from 'express';

/**
 * The load baseline: the smallest Express 5 app, in its own Node process, so the API figures
 * can be read as a fraction of what this machine does at all at the moment of the run.
 */
const port = Number(process.argv[2] ?? 3182);
const app = express();
app.disable('x-powered-by');
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
app.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
