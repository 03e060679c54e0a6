/**
 * React Router's own search parameters: `_routes` names the loaders a client navigation wants
 * (single fetch) and `index` marks an index route's form; neither belongs to the page's query.
 */
const ROUTER_PARAMS = new Set(['_routes', 'index']);

/**
 * A loader's query as a plain object for its zod schema. Strict schemas refuse unknown keys, so
 * without this a client-side navigation (which adds `_routes`) would fall back to the defaults.
 */
export function routeQuery(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    if (!ROUTER_PARAMS.has(key)) query[key] = value;
  }
  return query;
}
