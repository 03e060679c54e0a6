/*
 * Zod probes for eval support with Function(''), which our CSP (rightly) reports as a violation in
 * the browser; its interpreter mode needs no eval. Zod reads its settings from
 * `globalThis.__zod_globalConfig` (creating it if absent) and decides per schema, as the schema is
 * built, so this inline script, first in the page, sets `jitless` before any module runs; the
 * server keeps the faster compiled mode. Importing zod's `config()` instead put zod's core into
 * every page's first load (docs/PERFORMANCE.md, "Initial JavaScript").
 */

/** Runs in the page's head, before any module; kept small and free of imports. */
export const ZOD_JITLESS_SCRIPT =
  '(globalThis.__zod_globalConfig=globalThis.__zod_globalConfig||{}).jitless=true;';
