// Preloaded into a server under test (NODE_OPTIONS=--require): at exit, writes the npm packages
// it loaded (the compiled server loads them all with require) to LOADED_PACKAGES_FILE, one name
// per line.
const fs = require('node:fs');

process.on('exit', () => {
  const loaded = new Set();
  for (const file of Object.keys(require.cache)) {
    const m = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)[/\\](?!.*[/\\]node_modules[/\\])/.exec(file);
    if (m) loaded.add(m[1].replace(/\\/g, '/'));
  }
  fs.writeFileSync(process.env.LOADED_PACKAGES_FILE, [...loaded].sort().join('\n'));
});
