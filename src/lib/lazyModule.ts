/**
 * A module fetched on demand, once, that can also be rendered from without suspending once it has
 * arrived: `lazy(m.load)` for the first render, `m.loaded()` when it is already there (an island
 * that awaited it, a later render). Used for the code block chunk (src/theme/CodeBlock), the
 * reference's heavy parts (src/components/ReferenceParts), the forms' schemas (src/lib/lazySchemas.ts)
 * and the search engine with its index files (src/theme/SearchBar/_load.ts).
 */
export interface LazyModule<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    // A failed fetch (a flaky network) is not remembered: the next call fetches again.
    load: () =>
      (loading ??= importer().then(
        (m) => (loaded = m),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}
