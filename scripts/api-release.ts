/**
 * Records a release snapshot (src/plugins/apiChangelog/releases.ts) for each API version whose
 * document changed since its latest one, dated today (or --date YYYY-MM-DD). Refuses a change the
 * diff tool classes as breaking to a released version: that needs a new version.
 *   npm run api:release [-- --date 2026-11-28]
 */
import { API_VERSION_NAMES } from '../src/data/apiVersioning';
import { gateVerdict } from '../src/plugins/apiChangelog/gate';
import { currentContract, readRelease, writeRelease } from '../src/plugins/apiChangelog/releases';

const at = process.argv.indexOf('--date');
const date = at === -1 ? new Date().toISOString().slice(0, 10) : String(process.argv[at + 1]);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error(`--date must be YYYY-MM-DD, not ${date}`);
  process.exit(2);
}
let failed = false;
for (const version of API_VERSION_NAMES) {
  const now = currentContract(version);
  const { release, breaking } = gateVerdict(version, now);
  if (release && JSON.stringify(readRelease(release)) === JSON.stringify(now)) continue;
  if (release && breaking.length) {
    console.error(`${version}: breaking changes since ${release.date}; release them as a new version:\n${breaking.map((c) => `  ${c.description} (${c.pointer})`).join('\n')}`);
    failed = true;
    continue;
  }
  writeRelease({ version, date }, now);
  console.log(`Recorded ${version}@${date}: add its note to API_CHANGELOG_NOTES in src/data/apiVersioning.ts`);
}
process.exit(failed ? 1 : 0);
