/**
 * The breaking-change gate: a released version's document may only change in ways the diff tool
 * classes as compatible, and every change must be recorded as a release (so the changelog, made
 * from the releases, lists it).
 */
import type { ApiVersionName } from '../../data/apiVersioning';
import { breakingOf, diffDocuments, type ComputedChange } from './diff';
import { currentContract, latestRelease, readRelease, RELEASES_DIR, type Document, type Release } from './releases';

export interface GateVerdict {
  /** The release compared with; undefined for a version never released (nothing to break). */
  release: Release | undefined;
  breaking: readonly ComputedChange[];
  /** Every change since the release, breaking or not. */
  changes: readonly ComputedChange[];
}

/** `candidate` (by default the document the code builds now) against `version`'s latest release. */
export function gateVerdict(version: ApiVersionName, candidate: Document = currentContract(version), dir = RELEASES_DIR): GateVerdict {
  const release = latestRelease(version, dir);
  if (!release) return { release, breaking: [], changes: [] };
  const released = readRelease(release, dir);
  const changes = JSON.stringify(released) === JSON.stringify(candidate) ? [] : diffDocuments(released, candidate);
  return { release, breaking: breakingOf(changes), changes };
}
