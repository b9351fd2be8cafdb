/**
 * The API changelog, computed from the release snapshots: each release of a version against the
 * one before it (of the same version, or for a version's first release, its predecessor's latest),
 * every change the diff tool finds, classified by it. Hand-written notes
 * (API_CHANGELOG_NOTES in src/data/apiVersioning.ts) give each release a title and context; they
 * cannot leave a change out, since the page lists the computed changes themselves.
 */
import { API_CHANGELOG_NOTES, API_VERSION_NAMES, type ApiVersionName } from '../../data/apiVersioning';
import { diffDocuments, type ComputedChange } from './diff';
import { listReleases, readRelease, RELEASES_DIR, type Release } from './releases';

export interface ChangelogEntry {
  /** `${version}@${date}`: the notes' key and the page's anchor. */
  id: string;
  version: ApiVersionName;
  date: string;
  /** The release it is compared with; null for the first release of the first version. */
  since: Release | null;
  title: string;
  context: readonly string[];
  changes: readonly ComputedChange[];
  breaking: boolean;
}

export const releaseId = (r: Release) => `${r.version}@${r.date}`;

/** The release each one is compared with. */
export function previousRelease(release: Release, all: readonly Release[]): Release | null {
  const ofVersion = all.filter((r) => r.version === release.version && r.date < release.date);
  if (ofVersion.length) return ofVersion.at(-1)!;
  const predecessor = API_VERSION_NAMES[API_VERSION_NAMES.indexOf(release.version) - 1];
  if (!predecessor) return null;
  return all.filter((r) => r.version === predecessor && r.date <= release.date).at(-1) ?? null;
}

/** Every release, newest first, with its computed changes and its notes. */
export function computeChangelog(dir = RELEASES_DIR, notes: Readonly<Record<string, { title: string; context?: readonly string[] }>> = API_CHANGELOG_NOTES): ChangelogEntry[] {
  const all = listReleases(dir);
  const entries = all.map((release): ChangelogEntry => {
    const since = previousRelease(release, all);
    const changes = since ? diffDocuments(readRelease(since, dir), readRelease(release, dir)) : [];
    const note = notes[releaseId(release)];
    return {
      id: releaseId(release),
      ...release,
      since,
      title: note?.title ?? `${release.version} released`,
      context: note?.context ?? [],
      changes,
      breaking: changes.some((c) => c.kind === 'breaking'),
    };
  });
  return entries.sort((a, b) => (a.date === b.date ? API_VERSION_NAMES.indexOf(b.version) - API_VERSION_NAMES.indexOf(a.version) : a.date < b.date ? 1 : -1));
}
