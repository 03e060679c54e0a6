import path from 'node:path';
import { FRAMEWORK_CHUNK } from './app/lib/chunk-names.ts';

/*
 * How the browser build is cut into files (ADR 098). By default Rolldown makes one chunk for every
 * set of routes that shares a module, so a first visit to / asked for ~120 files; on a phone's
 * slow connection each costs a round trip (HTTP/1.1: about six at a time), which cost more than
 * their bytes. Instead:
 * - `framework`: React, React DOM and React Router, which every page needs (not React Router's
 *   browser entry, `app/entry.client.tsx`, which hydrates when evaluated: ADR 164);
 * - `shell`: every module the root route (root.tsx: the providers and parts every page draws)
 *   needs, found export by export through the packages' index files, so that a component only some
 *   pages use stays out of it;
 * - for the pages people land on (home, the default layout, search results, a listing, a booking), one chunk
 *   per set of them that needs a module: `home`, `search+listing`, … (a handful per page);
 * - the rest (other pages, and what loads lazily) as Rolldown cuts it.
 * Placement never changes what runs: a module a page needs is loaded from whichever chunk has it.
 */

type ModuleInfo = {
  id: string;
  code: string | null;
  importedIds: readonly string[];
  exports: readonly string[];
};
type GetModuleInfo = (id: string) => ModuleInfo | null;

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;
const IMPORT =
  /(?:^|[;\n])\s*(import|export)\s*(?:type\s+)?([\w$]+\s*,?\s*)?(\*\s*as\s*[\w$]+|\*|\{[^}]*\})?\s*(?:from\s*)?["']([^"']+)["']/g;
const LOCAL_EXPORT = /export\s*\{([^}]*)\}\s*;?/g;

type Binding = { imported: string; local: string };
function bindings(list: string): Binding[] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return { imported: (imported ?? '').trim(), local: (local ?? imported ?? '').trim() };
    });
}

type Statement = { kind: 'import' | 'export'; names: Binding[] | 'all'; namespace?: string; target: string };

/** A module's import and re-export statements, with their specifiers resolved to module ids. */
function statements(info: ModuleInfo): Statement[] {
  const code = info.code ?? '';
  const found: Statement[] = [];
  for (const match of code.matchAll(IMPORT)) {
    const [, kind, defaultName, clause, specifier] = match;
    const target = resolveSpecifier(info, specifier ?? '');
    if (!target) continue;
    const names: Binding[] = [];
    let all = false;
    let namespace: string | undefined;
    if (defaultName?.trim()) names.push({ imported: 'default', local: defaultName.replace(',', '').trim() });
    if (clause?.startsWith('{')) names.push(...bindings(clause));
    else if (clause?.startsWith('*')) {
      all = true;
      namespace = clause.split(/\s+as\s+/)[1]?.trim();
    } else if (!defaultName?.trim()) all = true; // a bare import: its side effects, so all of it
    found.push({
      kind: kind as 'import' | 'export',
      names: all ? 'all' : names,
      target,
      ...(namespace ? { namespace } : {}),
    });
  }
  return found;
}

/**
 * A module's imports by path without the extension (and a folder's index by the folder): an index
 * of packages like @tabler/icons-react re-exports ~5,000 files, and a linear search per statement
 * made its scan take 5 s.
 */
const importsByBase = new WeakMap<ModuleInfo, Map<string, string>>();
function importByBase(info: ModuleInfo, base: string): string | undefined {
  let byBase = importsByBase.get(info);
  if (!byBase) {
    byBase = new Map();
    for (const id of [...info.importedIds].reverse()) {
      const withoutExtension = id.replace(/\.[^./\\]+$/, '');
      byBase.set(withoutExtension, id);
      if (path.basename(withoutExtension) === 'index') byBase.set(path.dirname(withoutExtension), id);
      byBase.set(id, id);
    }
    importsByBase.set(info, byBase);
  }
  return byBase.get(base);
}

function resolveSpecifier(info: ModuleInfo, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const base = path.resolve(path.dirname(info.id), specifier);
    return (
      importByBase(info, base) ??
      info.importedIds.find(
        (id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`),
      )
    );
  }
  const marker = `/node_modules/${specifier}/`;
  return (
    info.importedIds.find((id) => id.includes(marker)) ??
    info.importedIds.find((id) =>
      id.includes(
        `/node_modules/${specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/')}/`,
      ),
    )
  );
}

/** The modules `seeds` need, following each named import to the module that defines it. */
export function neededModules(
  seeds: string[],
  getModuleInfo: GetModuleInfo,
  parsed = new Map<string, Statement[]>(),
): Set<string> {
  const statementsOf = (info: ModuleInfo) => {
    const cached = parsed.get(info.id);
    if (cached) return cached;
    const list = statements(info);
    parsed.set(info.id, list);
    return list;
  };
  // name → where it comes from, per module: re-exports and `export { local }` of imports.
  const exportMaps = new Map<string, Map<string, { target: string; name: string } | 'namespace'>>();
  const exportMapOf = (info: ModuleInfo) => {
    let map = exportMaps.get(info.id);
    if (map) return map;
    map = new Map();
    const list = statementsOf(info);
    const imported = new Map<string, { target: string; name: string } | 'namespace'>();
    for (const statement of list) {
      if (statement.kind !== 'import') continue;
      if (statement.namespace) imported.set(statement.namespace, 'namespace');
      if (statement.names !== 'all')
        for (const item of statement.names)
          imported.set(item.local, { target: statement.target, name: item.imported });
    }
    for (const statement of list)
      if (statement.kind === 'export' && statement.names !== 'all')
        for (const item of statement.names)
          map.set(item.local, { target: statement.target, name: item.imported });
    for (const match of (info.code ?? '').matchAll(LOCAL_EXPORT))
      for (const item of bindings(match[1] ?? '')) {
        const source = imported.get(item.imported);
        if (source) map.set(item.local, source);
      }
    exportMaps.set(info.id, map);
    return map;
  };
  const whole = new Set<string>();
  const queue: string[] = [...seeds];
  const seenNames = new Set<string>();

  const followName = (moduleId: string, name: string, depth = 0): void => {
    const key = `${moduleId}#${name}`;
    if (seenNames.has(key) || depth > 20) return;
    seenNames.add(key);
    const info = getModuleInfo(moduleId);
    if (!info) return;
    // Re-exported from elsewhere? Follow it there; otherwise it is this module's own code.
    const source = exportMapOf(info).get(name);
    if (source === 'namespace') {
      for (const statement of statementsOf(info)) if (statement.namespace) queue.push(statement.target);
      return;
    }
    if (source) {
      followName(source.target, source.name, depth + 1);
      return;
    }
    for (const statement of statementsOf(info)) {
      if (statement.kind === 'export' && statement.names === 'all' && !statement.namespace) {
        if (getModuleInfo(statement.target)?.exports.includes(name)) {
          followName(statement.target, name, depth + 1);
          return;
        }
      }
    }
    queue.push(moduleId);
  };

  while (queue.length) {
    const id = queue.pop() as string;
    if (whole.has(id)) continue;
    whole.add(id);
    const info = getModuleInfo(id);
    if (!info) continue;
    const list = statementsOf(info);
    const covered = new Set(list.map((statement) => statement.target));
    for (const statement of list) {
      if (statement.kind === 'export' && statement.names === 'all') queue.push(statement.target);
      else if (statement.names === 'all') queue.push(statement.target);
      else for (const binding of statement.names) followName(statement.target, binding.imported);
    }
    // Imports the scan did not see (generated code): keep them, to stay on the safe side.
    for (const imported of info.importedIds) if (!covered.has(imported)) queue.push(imported);
  }
  return whole;
}

type OutputFile =
  | { type: 'chunk'; name: string; code: string; viteMetadata?: { importedCss: Set<string> } }
  | { type: 'asset' };

/** Each group: the modules these route modules need that no earlier group took. */
const PAGE_GROUPS: [name: string, modules: string[]][] = [
  ['shell', ['root.tsx']],
  ['home', ['layouts/home.tsx', 'routes/public/home.tsx']],
  ['layout', ['layouts/default.tsx']],
  ['search', ['routes/public/bathrooms.tsx']],
  ['listing', ['routes/public/bathroom-details.tsx']],
  // A guest in a hurry opens her booking from a notice or an email: the page to check in from.
  ['booking', ['routes/bookings/detail.tsx']],
];

/**
 * The plugin works out which group each module belongs to once the module graph is complete
 * (buildEnd), and the code-splitting groups read that when Rolldown cuts the chunks.
 */
export function pageChunks(appDirectory: string) {
  const owner = new Map<string, string>();
  const plugin = {
    name: 'privy-page-chunks',
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    buildEnd(this: { getModuleInfo: GetModuleInfo; environment?: { name: string } }) {
      if (this.environment && this.environment.name !== 'client') return;
      owner.clear();
      const users = new Map<string, string[]>();
      // The graph is final here: each module's info and statements serve every group.
      const infos = new Map<string, ModuleInfo | null>();
      const getModuleInfo: GetModuleInfo = (id) => {
        if (!infos.has(id)) infos.set(id, this.getModuleInfo(id));
        return infos.get(id) ?? null;
      };
      const parsed = new Map<string, Statement[]>();
      for (const [name, modules] of PAGE_GROUPS) {
        const needed = neededModules(
          modules.map((file) => path.join(appDirectory, file)),
          getModuleInfo,
          parsed,
        );
        for (const moduleId of needed) users.set(moduleId, [...(users.get(moduleId) ?? []), name]);
        if (process.env.CHUNKS_DEBUG) console.error(`${name}: ${needed.size} modules needed`);
      }
      // The shell has what it needs; a module some pages share goes to a chunk for just those pages.
      for (const [moduleId, names] of users)
        owner.set(moduleId, names[0] === 'shell' ? 'shell' : names.join('+'));
      if (process.env.CHUNKS_DEBUG) console.error(new Set(owner.values()));
    },
    /**
     * React Router links a stylesheet that a lazily loaded chunk also needs as `shell.css#`, so
     * that Vite's preload, not seeing it, adds its own link that survives navigation. For the
     * shell's sheet that second link is pure cost: the root route's link never goes away, and each
     * copy made the browser rebuild its rules and restyle the whole page after hydration (~150 ms
     * at 4× CPU slowdown, docs/PERFORMANCE.md). Naming the shell's sheets with the same `#` in the
     * preload lists lets Vite find the root's link and add nothing.
     */
    generateBundle: {
      // After Vite has written its preload lists into the chunks.
      order: 'post' as const,
      handler(_options: unknown, bundle: Record<string, OutputFile>) {
        const shellSheets = new Set<string>();
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.name === 'shell')
            for (const sheet of file.viteMetadata?.importedCss ?? []) shellSheets.add(sheet);
        }
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          for (const sheet of shellSheets) file.code = file.code.replaceAll(`"${sheet}"`, `"${sheet}#"`);
        }
      },
    },
  };
  // A group for the shell and one for every combination of the other pages (most draw nothing). A
  // chunk's modules' dependencies are needed by the same pages or more: groups for more pages come
  // first, so each takes only what is its own.
  const pages = PAGE_GROUPS.slice(1).map(([name]) => name);
  const combinations: string[][] = [[]];
  for (const page of pages) {
    for (const combination of [...combinations]) combinations.push([...combination, page]);
  }
  const codeSplitting = {
    groups: [
      { name: FRAMEWORK_CHUNK, test: FRAMEWORK, priority: pages.length + 2 },
      { name: 'shell', test: (id: string) => owner.get(id) === 'shell', priority: pages.length + 1 },
      ...combinations
        .filter((combination) => combination.length)
        .map((combination) => ({
          name: combination.join('+'),
          test: (id: string) => owner.get(id) === combination.join('+'),
          priority: combination.length,
        })),
    ],
  };
  return { plugin, codeSplitting };
}
