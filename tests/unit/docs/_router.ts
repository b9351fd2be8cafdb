/**
 * Shared jest mock of @docusaurus/router (not mapped in jest.config.js): tests set the location
 * through `setLocation` before rendering.
 */
let current = { pathname: '/', hash: '', search: '' };
export function setLocation(loc: Partial<typeof current>): void {
  current = { ...current, ...loc };
}
export function useLocation(): typeof current {
  return current;
}
