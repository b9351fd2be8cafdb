import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Writes the typed client to `file` with the generator the build runs (scripts/generate-openapi.ts):
 * the client is built, not committed, and openapi-typescript is ESM that jest cannot load.
 */
export function writeTypedClient(file: string): void {
  const root = path.resolve(__dirname, '../..');
  execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'generate-openapi.ts'), '--out', file], { cwd: root, stdio: 'pipe' });
}
