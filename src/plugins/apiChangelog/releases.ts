/**
 * Release snapshots: the contract of each released document, committed under
 * src/data/apiReference/releases/<version>/<date>.json. They are release records, not build
 * output: the gate and the changelog compare against them from a fresh clone, without history.
 * `npm run api:release` records one for each version whose document changed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_VERSION_NAMES, type ApiVersionName } from '../../data/apiVersioning';
import { buildOpenApiDocument } from '../../data/apiReference/openapi';
import { DEFAULT_SITE_ADDRESSES } from '../../domain/siteAddress';

export const RELEASES_DIR = join(__dirname, '..', '..', 'data', 'apiReference', 'releases');

export type Document = Record<string, unknown>;

export interface Release {
  version: ApiVersionName;
  /** YYYY-MM-DD. */
  date: string;
}

/**
 * What a client depends on: the document without its illustrations (examples and code samples),
 * which tests/unit/docs/openapiExamples.test.ts holds to the schemas. Rendered for the default
 * addresses so a build's SITE_URL changes nothing.
 */
export function contractOf(doc: unknown): Document {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'example' && k !== 'examples' && k !== 'x-codeSamples').map(([k, x]) => [k, strip(x)]));
  };
  return strip(doc) as Document;
}

export const currentContract = (version: ApiVersionName): Document => contractOf(buildOpenApiDocument(DEFAULT_SITE_ADDRESSES, version));

/** Every recorded release, by version (registry order) then date. */
export function listReleases(dir = RELEASES_DIR): Release[] {
  return API_VERSION_NAMES.flatMap((version) =>
    existsSync(join(dir, version))
      ? readdirSync(join(dir, version))
          .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
          .sort()
          .map((f) => ({ version, date: f.slice(0, 10) }))
      : [],
  );
}

export function readRelease(release: Release, dir = RELEASES_DIR): Document {
  return JSON.parse(readFileSync(join(dir, release.version, `${release.date}.json`), 'utf8')) as Document;
}

export function writeRelease(release: Release, doc: Document, dir = RELEASES_DIR): void {
  mkdirSync(join(dir, release.version), { recursive: true });
  writeFileSync(join(dir, release.version, `${release.date}.json`), `${JSON.stringify(doc, null, 2)}\n`);
}

export function latestRelease(version: ApiVersionName, dir = RELEASES_DIR): Release | undefined {
  return listReleases(dir).filter((r) => r.version === version).at(-1);
}
