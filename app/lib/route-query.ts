/**
 * React Router's own search parameters: `_routes` names the loaders a client navigation wants
 * (single fetch) and `index` marks an index route's form; neither belongs to the page's query.
 */
const ROUTER_PARAMS = new Set(['_routes', 'index']);

/**
 * The page a loader or action serves, as the browser's address bar shows it. A client-side
 * navigation reaches the server as the page's data request (`/bookings.data?_routes=…`, `/_.data`
 * for `/`), and React Router hands that URL to loaders unchanged: anything that saves, compares or
 * redirects to the path must read it from here, or it sends people to `/bookings.data`.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith('/_.data')
    ? url.pathname.slice(0, -'_.data'.length)
    : url.pathname.replace(/\.data$/, '');
  for (const key of ROUTER_PARAMS) url.searchParams.delete(key);
  return url;
}

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
