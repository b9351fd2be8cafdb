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

/**
 * Starts loading the schemas once the browser is idle; returns a function that cancels it. For a
 * form that has just appeared (the checkout dialog): evaluating zod is a long task (~220 ms on a
 * 4x slower CPU), and started by the opening click it held back the dialog's first frames.
 */
export function preloadSchemasWhenIdle(): () => void {
  if (schemas.loaded()) return () => undefined;
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(preloadSchemas, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(preloadSchemas, 300);
  return () => clearTimeout(timer);
}
