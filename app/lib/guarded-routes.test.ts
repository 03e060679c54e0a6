import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';
import { ADMIN_ROUTES, PROVIDER_ROUTES } from './guarded-routes.ts';

/** Every path of the route table with the module that serves it. */
function tablePaths(entries: RouteConfigEntry[], parent = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    // prefix() gives an index route its prefix as a path.
    const own = entry.path ? `${parent}/${entry.path}` : entry.index ? parent || '/' : parent;
    const here = entry.index || entry.path ? [{ path: own, file: entry.file }] : [];
    return [...here, ...tablePaths(entry.children ?? [], own)];
  });
}

const APP = path.resolve(import.meta.dirname, '..');
// Host pages outside /manage that spec §2 lists among the user routes.
const PROVIDER_EXTRAS = [
  '/stripe-connect',
  '/blackout',
  '/onboarding',
  '/earnings',
  '/earnings/statements/:month',
];

describe('/dev-provider-routes list', () => {
  const table = tablePaths(routes);

  it('names every /manage and /admin page of the route table, and only pages that exist', () => {
    const provider = table.filter(
      (r) => r.path === '/manage' || r.path.startsWith('/manage/') || PROVIDER_EXTRAS.includes(r.path),
    );
    const admin = table.filter((r) => r.path === '/admin' || r.path.startsWith('/admin/'));
    const pick = (list: readonly { path: string; file: string }[]) =>
      list.map(({ path, file }) => `${path} ${file}`).sort();
    expect(pick(PROVIDER_ROUTES)).toEqual(pick(provider));
    expect(pick(ADMIN_ROUTES)).toEqual(pick(admin));
  });

  it('names the guard each module really calls', () => {
    for (const route of [...PROVIDER_ROUTES, ...ADMIN_ROUTES]) {
      const source = readFileSync(path.join(APP, route.file), 'utf8');
      expect(source, route.file).toContain(`await ${route.guard}(request, context)`);
    }
  });
});
