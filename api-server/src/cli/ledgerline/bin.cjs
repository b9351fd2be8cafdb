#!/usr/bin/env node
// The package's `ledgerline` bin (npx ledgerline in a clone): runs the TypeScript source through
// tsx, which npm install already brought, so there is no build step.
require('tsx/cjs');
const { run } = require('./main.ts');

const abort = new AbortController();
process.once('SIGINT', () => abort.abort());
process.once('SIGTERM', () => abort.abort());
run(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  signal: abort.signal,
}).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
