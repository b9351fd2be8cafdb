import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, STOCK_PAGES } from './config';

/** Builds each stock Docusaurus reference site into a folder of `out` with our node_modules. */
export function buildStockSites(out: string): string[] {
  const site = path.join(ROOT, 'bench', 'stock-site');
  return Object.values(STOCK_PAGES).map(({ config, baseUrl }) => {
    const dir = path.join(out, path.basename(config, '.js'));
    const r = spawnSync('npx', ['docusaurus', 'build', site, '--config', path.join(site, config), '--out-dir', dir], { cwd: ROOT, encoding: 'utf8' });
    // The generated folder would otherwise sit in bench/ (and be linted as ours).
    fs.rmSync(path.join(site, '.docusaurus'), { recursive: true, force: true });
    if (r.status !== 0) throw new Error(`stock site build (${config}) failed:\n${r.stdout}\n${r.stderr}`);
    return `${dir}=${baseUrl}`;
  });
}
