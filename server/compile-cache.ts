import module from 'node:module';
import path from 'node:path';

/**
 * Node's module compile cache (ADR 079): V8 keeps the code it compiled for our modules and the
 * libraries on disk, so a start skips most compiling (about 40% of the CPU that loading the modules
 * takes). `npm run build` fills it for the code a start loads (build-snapshot.ts --warm), so the
 * first start after a build finds its modules, the freshly built web app included, compiled.
 */
const CACHE_DIR = path.resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'privy', 'compile');

/** Call before the modules to cache are imported: the cache covers what loads after it. */
export function enableCompileCache(): void {
  module.enableCompileCache(CACHE_DIR);
}

/** Writes what was compiled so far (Node writes it at exit too, but not when a process is killed). */
export function flushCompileCache(): void {
  module.flushCompileCache();
}
