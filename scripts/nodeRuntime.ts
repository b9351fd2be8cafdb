import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_LINES, NODE_RUNTIME_VERSION, nodeMajor } from '../src/data/nodeLines';

/**
 * The project's Node when the machine's is too old. better-sqlite3 13 (the line made for Node 22+)
 * crashes on Node 20, which these machines still have; rather than ask for nvm, `npm install`
 * (package.json `postinstall`) fetches a supported Node from the npm registry, whose
 * `node-<platform>-<arch>` packages ship the official binary and its headers, and links it as
 * node_modules/.bin/node. npm puts that folder first on PATH for every script and for npx, so
 * `npm start`, `npm test` and everything they spawn run on it. Our native addons (better-sqlite3)
 * ship Node-API builds, one binary for every line, so nothing has to be compiled for it.
 */

export const RUNTIMES = path.join('node_modules', '.cache', 'node-runtime');
export const LINK = path.join('node_modules', '.bin', 'node');

/** `npm` as the running npm would be started (inside an npm script its own CLI, else the one on PATH). */
function npm(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const cli = process.env.npm_execpath;
  const [cmd, argv] = cli && /\.c?js$/.test(cli) ? [process.env.npm_node_execpath ?? process.execPath, [cli, ...args]] : ['npm', args];
  const result = spawnSync(cmd, argv, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
}

/** The npm registry's package holding the official Node binary for this machine. */
export function runtimePackage(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  if (platform !== 'linux' && platform !== 'darwin') {
    throw new Error(`No Node ${NODE_LINES.join(', ')} can be fetched for ${platform} by npm install: install one of these lines yourself, then npm install again.`);
  }
  return `node-${platform}-${arch}`;
}

/**
 * Path of the `node` binary of `version`, fetched into the project's cache folder if it is not
 * there yet (about 50 MB from the registry, once; npm's own cache keeps the tarball).
 */
export function fetchNode(root: string, version: string): string {
  const dir = path.join(root, RUNTIMES, version);
  const binary = path.join(dir, 'bin', 'node');
  if (runs(binary, version)) return binary;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
  try {
    const packed = npm(['pack', `${runtimePackage()}@${version}`, '--json', '--pack-destination', scratch], scratch);
    if (packed.status !== 0) throw new Error(`npm pack ${runtimePackage()}@${version} failed: ${packed.stderr.trim().split('\n').pop()}`);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    // Only the binary and the headers (for any addon that must compile): the package's npm is not ours to run.
    const untar = spawnSync('tar', ['xzf', path.join(scratch, path.basename(filename)), '-C', scratch, 'package/bin/node', 'package/include'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`Unpacking ${filename} failed: ${untar.stderr.trim()}`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(path.join(scratch, 'package'), dir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (!runs(binary, version)) throw new Error(`The Node ${version} fetched into ${path.relative(root, dir)} does not run on this machine.`);
  return binary;
}

function runs(binary: string, version: string): boolean {
  if (!fs.existsSync(binary)) return false;
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${version}`;
}

/** What npm install decided, for the one line it prints. */
export type RuntimeChoice = { kind: 'own'; version: string; supported: boolean } | { kind: 'fetched'; version: string; replaced: string };

/**
 * `npm install`'s runtime step. On a supported line (or a newer one) the machine's own Node is
 * used and a link left by an earlier install is removed; on an older one the project's Node is
 * fetched and linked. The link is relative, so the checkout can move or be mounted elsewhere.
 */
export function chooseNodeRuntime(root: string, current: string = process.versions.node): RuntimeChoice {
  const link = path.join(root, LINK);
  const ours = fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() && fs.readlinkSync(link).includes(path.join('.cache', 'node-runtime'));
  const major = nodeMajor(current);
  if (major >= NODE_LINES[0]) {
    if (ours) fs.rmSync(link);
    return { kind: 'own', version: current, supported: (NODE_LINES as readonly number[]).includes(major) };
  }
  const binary = fetchNode(root, NODE_RUNTIME_VERSION);
  fs.mkdirSync(path.dirname(link), { recursive: true });
  if (fs.lstatSync(link, { throwIfNoEntry: false })) fs.rmSync(link);
  fs.symlinkSync(path.relative(path.dirname(link), binary), link);
  return { kind: 'fetched', version: NODE_RUNTIME_VERSION, replaced: current };
}

export function describe(choice: RuntimeChoice): string | undefined {
  if (choice.kind === 'fetched') {
    return `Node ${choice.replaced} is past its end of life: npm start and npm test run this project on Node ${choice.version} from the npm registry (node_modules/.bin/node).`;
  }
  // A supported line needs no word; a newer, untested one does.
  return choice.supported ? undefined : `Node ${choice.version} is not a line this project is tested on (${NODE_LINES.join(', ')}); it will try to run on it.`;
}

/**
 * The machine's Node: the one npm itself runs on. Not this process's, which an earlier install's
 * link may already have made the project's.
 */
function machineNodeVersion(): string {
  const npmNode = process.env.npm_node_execpath;
  const shown = npmNode ? spawnSync(npmNode, ['--version'], { encoding: 'utf8' }).stdout?.trim() : undefined;
  return shown ? shown.replace(/^v/, '') : process.versions.node;
}

if (require.main === module) {
  try {
    const line = describe(chooseNodeRuntime(path.resolve(__dirname, '..'), machineNodeVersion()));
    if (line) console.log(line);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
