import { lazyModule } from './lazyModule';

/**
 * The shared schemas (src/schemas), loaded on first use through the site's one on-demand loader.
 * Why lazy: zod is ~80 KB of JavaScript, and evaluating it was the longest task while a page with
 * a form loaded on a phone; nobody needs it before they touch a form. Forms call preloadSchemas on
 * focus (so they are ready by submit) and await loadSchemas when they validate; loadedSchemas is
 * for handlers that must decide synchronously. A failed load (network) is retried on the next call.
 */
const schemas = lazyModule(() => import('../schemas'));

export const loadSchemas = schemas.load;
export const loadedSchemas = schemas.loaded;

/** An event handler that starts loading the schemas. */
export function preloadSchemas(): void {
  void schemas.load().catch(() => undefined);
}
