// Preloaded into a server under test (NODE_OPTIONS=--require): at exit, writes the npm packages
// it loaded to LOADED_PACKAGES_FILE, one name per line.
const fs = require('node:fs');
const Module = require('node:module');

const loaded = new Set();
const load = Module._load;
Module._load = function (request, ...rest) {
  const exports = load.call(this, request, ...rest);
  const m = /^((?:@[^/]+\/)?[^./][^/]*)/.exec(request);
  if (m && !request.startsWith('node:') && !Module.isBuiltin(request)) loaded.add(m[1]);
  return exports;
};
process.on('exit', () => fs.writeFileSync(process.env.LOADED_PACKAGES_FILE, [...loaded].sort().join('\n')));
