/**
 * One `npm start`'s build step with a stand-in for Docusaurus that takes a while and counts its
 * runs in ROOT/builds.log: tests/unit/dev/ensureBuild.test.ts starts several at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from '../../../scripts/ensureBuild';

const root = process.argv[2]!;
const ok = ensureBuild(root, () => {}, process.env, (_root, outDir, env) => {
  fs.appendFileSync(path.join(root, 'builds.log'), `${env.SITE_URL}\n`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), `<p>${env.SITE_URL}</p>`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 700);
  fs.writeFileSync(path.join(outDir, 'done'), '');
  return true;
});
process.exit(ok ? 0 : 1);
