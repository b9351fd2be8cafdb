/**
 * @jest-environment node
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_CHANGELOG_NOTES, API_VERSION_NAMES, apiVersionInfo } from '@site/src/data/apiVersioning';
import { computeChangelog, releaseId } from '@site/src/plugins/apiChangelog/changelog';
import { gateVerdict } from '@site/src/plugins/apiChangelog/gate';
import { currentContract, latestRelease, listReleases, readRelease, RELEASES_DIR, writeRelease, type Document } from '@site/src/plugins/apiChangelog/releases';

/**
 * The breaking-change gate and the computed changelog (src/plugins/apiChangelog), against the
 * release snapshots in src/data/apiReference/releases.
 */
type Op = { parameters: Record<string, unknown>[]; responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }> };
const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const op = (doc: Document, path: string, method: string) => (doc.paths as Record<string, Record<string, Op>>)[path]![method]!;

describe('the breaking-change gate', () => {
  it.each(API_VERSION_NAMES)('%s: the document the code builds is its latest release, unbroken (else run npm run api:release)', (version) => {
    const verdict = gateVerdict(version);
    expect(verdict.release).toBeDefined();
    expect(verdict.breaking.map((c) => `${c.description} ${c.pointer}`)).toEqual([]);
    expect(verdict.changes.map((c) => `${c.kind}: ${c.description} ${c.pointer}`)).toEqual([]);
  });

  it('fails on a deliberate break: a response field removed, an optional parameter made required', () => {
    const candidate = clone(currentContract('v1'));
    const list = op(candidate, '/banking/transactions', 'get');
    delete (list.responses['200']!.content['application/json']!.schema as { properties: Record<string, unknown> }).properties.has_more;
    const fromDate = list.parameters.find((p) => p.name === 'from_date')!;
    fromDate.required = true;
    const verdict = gateVerdict('v1', candidate);
    expect(verdict.breaking.length).toBeGreaterThan(0);
    expect(verdict.breaking.map((c) => c.pointer)).toEqual(
      expect.arrayContaining([expect.stringContaining('/paths/~1banking~1transactions/get/responses/200'), expect.stringContaining('/paths/~1banking~1transactions/get/parameters')]),
    );
  });

  it('passes a deliberate addition, which is still a change to record', () => {
    const candidate = clone(currentContract('v1'));
    op(candidate, '/banking/accounts', 'get').parameters.push({ name: 'currency', in: 'query', required: false, schema: { type: 'string' } });
    const verdict = gateVerdict('v1', candidate);
    expect(verdict.breaking).toEqual([]);
    expect(verdict.changes.map((c) => c.kind)).toEqual(['non-breaking']);
  });
});

describe('release snapshots', () => {
  it("each version's first release is on its release date, and each states its X-API-Version value in info.version", () => {
    for (const version of API_VERSION_NAMES) {
      const releases = listReleases().filter((r) => r.version === version);
      expect(releases.length).toBeGreaterThan(0);
      // v1 was released before snapshots began: its first snapshot is its state then.
      if (version !== 'v1') expect(releases[0]!.date).toBe(apiVersionInfo(version).released);
      for (const r of releases) expect((readRelease(r).info as { version: string }).version).toBe(version);
    }
  });
});

describe('the computed changelog', () => {
  it('has a note for every release, and a version change classified breaking', () => {
    const entries = computeChangelog();
    expect(entries.map((e) => e.id).sort()).toEqual(listReleases().map(releaseId).sort());
    expect(entries.filter((e) => !API_CHANGELOG_NOTES[e.id]).map((e) => e.id)).toEqual([]);
    const newest = entries.find((e) => e.id === `${API_VERSION_NAMES.at(-1)}@${apiVersionInfo(API_VERSION_NAMES.at(-1)!).released}`)!;
    expect(newest.since?.version).toBe(API_VERSION_NAMES.at(-2));
    expect(newest.breaking).toBe(true);
    // The two improvements are among the computed changes: amounts became integers, invoice statuses lowercase.
    expect(newest.changes.map((c) => c.pointer)).toEqual(
      expect.arrayContaining(['/paths/~1banking~1transactions/post/requestBody/content/application~1json/schema/properties/amount/type', '/components/schemas/Invoice/properties/status/enum/0']),
    );
  });

  it('lists a deliberate additive change of a released version as a new, non-breaking release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-releases-'));
    try {
      cpSync(RELEASES_DIR, dir, { recursive: true });
      const next = clone(readRelease(latestRelease('v1', dir)!, dir));
      op(next, '/banking/accounts', 'get').parameters.push({ name: 'currency', in: 'query', required: false, description: 'Only accounts in this currency.', schema: { type: 'string' } });
      writeRelease({ version: 'v1', date: '2099-01-01' }, next, dir);
      const entry = computeChangelog(dir).find((e) => e.id === 'v1@2099-01-01')!;
      expect(entry.since).toEqual(latestRelease('v1'));
      expect(entry.breaking).toBe(false);
      expect(entry.changes.map((c) => [c.kind, c.action, c.pointer])).toEqual([['non-breaking', 'add', '/paths/~1banking~1accounts/get/parameters/3']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
