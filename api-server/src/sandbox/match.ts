import { API_ENDPOINTS, type ApiEndpoint } from '../../../src/data/apiReference';
import { SANDBOX_ONLY_ENDPOINTS } from '../../../src/data/apiReference/endpoints/sandbox';

/** The documented paths as patterns: which operation a method and path name, with its path parameters. */
interface Route {
  endpoint: ApiEndpoint;
  pattern: RegExp;
  names: string[];
}

const ROUTES: Route[] = [...API_ENDPOINTS, ...SANDBOX_ONLY_ENDPOINTS].map((endpoint) => {
  const names: string[] = [];
  // Documented paths are plain segments and `{name}` parameters: nothing else to escape.
  const source = endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
});

export function match(method: string, path: string): { endpoint: ApiEndpoint; params: Record<string, string> } | undefined {
  for (const r of ROUTES) {
    if (r.endpoint.method !== method) continue;
    const m = r.pattern.exec(path);
    if (!m) continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    } catch {
      continue;
    }
    return { endpoint: r.endpoint, params };
  }
  return undefined;
}
