import path from 'node:path';
import { resolveSiteAddresses } from '../src/domain/siteAddress';
import { buildServer } from './buildServer';
import { ensureBuild } from './ensureBuild';

// First half of `npm start`: build the site when its sources or its address changed and compile
// the server. package.json then runs `node dist-server/index.js`, the one process serving site and API.
const root = path.resolve(__dirname, '..');
try {
  resolveSiteAddresses(process.env);
} catch (err) {
  // The server would refuse the same value: exit as it does on bad configuration, before building.
  console.error((err as Error).message);
  process.exit(2);
}
if (!ensureBuild(root)) {
  console.error('The site build failed; see the output above.');
  process.exit(1);
}
buildServer(root);
