import path from 'node:path';
import { ensureBuild } from './ensureBuild';

// `npm start`: build when needed, then run the one server process (site + API) in this process.
const root = path.resolve(__dirname, '..');
if (!ensureBuild(root)) {
  console.error('The site build failed; see the output above.');
  process.exit(1);
}
require('../api-server/src/index');
