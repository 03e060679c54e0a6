/**
 * Zod probes for eval support with Function(''), which our CSP (rightly) reports as a violation in
 * the browser; its interpreter mode needs no eval. Zod keeps its settings in one object on
 * `globalThis` (so that every copy of it shares them) and reads `jitless` from there when a schema
 * first parses. Setting the flag there, rather than through `config()` from 'zod/v4/core', keeps
 * zod's core (~6 KB gzip) out of the code every page loads: most pages validate nothing in the
 * browser (ADR 141). zod-jitless.test.ts checks that zod still reads it.
 */
export function makeZodJitless() {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
