import { describe, expect, it } from 'vitest';
import { neededModules } from '../vite.chunks.ts';

type Info = { id: string; code: string; importedIds: string[]; exports: string[] };

/** A module graph as Rolldown's getModuleInfo answers it. */
function graph(modules: Info[]) {
  const byId = new Map(modules.map((module) => [module.id, module]));
  return (id: string) => byId.get(id) ?? null;
}

describe('neededModules (the page chunks, ADR 098)', () => {
  const icons = Array.from({ length: 300 }, (_, index) => `/p/node_modules/icons/esm/icons/Icon${index}.mjs`);
  const iconIndex: Info = {
    id: '/p/node_modules/icons/esm/index.mjs',
    code: icons
      .map((_id, index) => `export { default as Icon${index} } from './icons/Icon${index}.mjs';`)
      .join('\n'),
    importedIds: icons,
    exports: icons.map((_, index) => `Icon${index}`),
  };
  const leaves: Info[] = icons.map((id) => ({
    id,
    code: 'export default 1;',
    importedIds: [],
    exports: ['default'],
  }));
  const helpers: Info[] = [
    { id: '/p/app/util.ts', code: 'export const a = 1;', importedIds: [], exports: ['a'] },
    { id: '/p/app/unused.ts', code: 'export const b = 1;', importedIds: [], exports: ['b'] },
    { id: '/p/app/parts/index.tsx', code: 'export const Part = 1;', importedIds: [], exports: ['Part'] },
  ];
  const page: Info = {
    id: '/p/app/page.tsx',
    code: [
      "import { Icon7 } from 'icons';",
      "import { a } from './util';",
      "import { Part } from './parts';",
      'export default function Page() {}',
    ].join('\n'),
    importedIds: [iconIndex.id, '/p/app/util.ts', '/p/app/parts/index.tsx'],
    exports: ['default'],
  };
  const getModuleInfo = graph([page, iconIndex, ...leaves, ...helpers]);

  it('follows a named import through a package index to the one file that defines it', () => {
    const needed = neededModules([page.id], getModuleInfo);
    expect(needed.has(icons[7] as string)).toBe(true);
    expect(needed.has(icons[8] as string)).toBe(false);
  });

  it('resolves relative imports written without an extension, and a folder to its index', () => {
    const needed = neededModules([page.id], getModuleInfo);
    expect(needed.has('/p/app/util.ts')).toBe(true);
    expect(needed.has('/p/app/parts/index.tsx')).toBe(true);
    expect(needed.has('/p/app/unused.ts')).toBe(false);
  });

  it('gives the same answer when the statements parsed for one page serve the next', () => {
    const parsed = new Map();
    const first = neededModules([page.id], getModuleInfo, parsed);
    expect(parsed.size).toBeGreaterThan(0);
    expect([...neededModules([page.id], getModuleInfo, parsed)].sort()).toEqual([...first].sort());
  });
});
