import path from 'node:path';
import { buildServer } from './buildServer';
import { ensureBuild } from './ensureBuild';

// First half of `npm start`: build the site when its sources changed and compile the server.
// package.json then runs `node dist-server/index.js`, the one process serving site and API.
const root = path.resolve(__dirname, '..');
if (!ensureBuild(root)) {
  console.error('The site build failed; see the output above.');
  process.exit(1);
}
buildServer(root);
