type Schemas = typeof import('./index');

let loaded: Schemas | undefined;
let loading: Promise<Schemas> | undefined;

/**
 * The shared schemas, loaded on first use. Why lazy: zod is ~80 KB of JavaScript, and
 * evaluating it was the longest task while a page with a form loaded on a phone; nobody needs
 * it before they touch a form. Forms call this on focus (so it is ready by submit) and await it
 * when they validate. A failed load (network) is retried on the next call.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./index').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The schemas if they are already loaded: for handlers that must decide synchronously. */
export function loadedSchemas(): Schemas | undefined {
  return loaded;
}

/** An event handler that starts loading the schemas. */
export function preloadSchemas(): void {
  void loadSchemas().catch(() => undefined);
}
