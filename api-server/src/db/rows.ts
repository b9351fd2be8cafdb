/**
 * Rows as the services see them, derived from the table types rather than declared again:
 * `customer_email` becomes `customerEmail`, with the column's type.
 */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export type Camelized<T> = { [K in keyof T as K extends string ? CamelCase<K> : never]: T[K] };

/** A selected row with camelCase keys: the one row mapper; a store adds only what it narrows (an enum, a JSON column). */
export function camelized<T extends object>(row: T): Camelized<T> {
  const out: Record<string, unknown> = {};
  const source = row as Record<string, unknown>;
  for (const key of Object.keys(source)) out[camelKey(key)] = source[key];
  return out as Camelized<T>;
}

// Column names are few and fixed: each is converted once, not on every row (issue 28).
const camelKeys = new Map<string, string>();
function camelKey(column: string): string {
  let key = camelKeys.get(column);
  if (key === undefined) {
    key = column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    camelKeys.set(column, key);
  }
  return key;
}
