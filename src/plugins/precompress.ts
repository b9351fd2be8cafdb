import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from '@docusaurus/types';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|map)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every hashed text asset after the build,
 * and the server sends them as they are (express-static-gzip). On-the-fly compression must use a
 * fast, weak setting; done once at build time the strongest one costs nothing per request and
 * trims ~20% off the JavaScript every page downloads. Only `assets/`: other plugins still write
 * their files at the root while this runs, and those small files are compressed on the fly.
 */
export default function precompressPlugin(): Plugin {
  return {
    name: 'precompress-assets',
    async postBuild({ outDir }) {
      const jobs: Promise<void>[] = [];
      for await (const file of files(join(outDir, 'assets'))) {
        jobs.push(
          (async () => {
            const raw = await readFile(file);
            if (raw.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
              gzip(raw, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
