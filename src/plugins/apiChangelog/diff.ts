/**
 * The OpenAPI diff: api-smart-diff (CONTRIBUTING, upstream tools) compares two documents and
 * classifies each change as breaking, non-breaking, deprecated, annotation or unclassified.
 */
import { apiDiff, type Diff } from 'api-smart-diff';
import type { Document } from './releases';

export type ChangeKind = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export interface ComputedChange {
  /** Stable id: the JSON Pointer of what changed and the action (the prose's key). */
  id: string;
  kind: ChangeKind;
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** JSON Pointer into the document. */
  pointer: string;
  /** The tool's own wording, else one made from the pointer. */
  description: string;
}

const PAST = { add: 'Added', remove: 'Removed', replace: 'Replaced', rename: 'Renamed' } as const;

const pointer = (path: readonly (string | number)[]) => `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Every change from `before` to `after`. The tool reports a changed component schema both where
 * it is defined and, resolved, in each operation using it; both are kept, so nothing is left out.
 */
export function diffDocuments(before: Document, after: Document): ComputedChange[] {
  // Copies: the tool writes into the documents it is given.
  return apiDiff(JSON.parse(JSON.stringify(before)), JSON.parse(JSON.stringify(after))).map((d: Diff) => {
    const at = pointer(d.path);
    return {
      id: `${d.action} ${at}`,
      kind: d.type as ChangeKind,
      action: d.action,
      pointer: at,
      description: d.description ?? `[${PAST[d.action]}] ${at}`,
    };
  });
}

export const breakingOf = (changes: readonly ComputedChange[]) => changes.filter((c) => c.kind === 'breaking');
