import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestInfoContext, servicesContext } from '../../app/lib/context.ts';
import * as logoutRoute from '../../app/routes/account/logout.tsx';

/**
 * A React Router server build holding only the real /logout resource route, so an API-only test
 * can send it through the real page bridge (react-router.ts) without building the whole web app.
 * registerReactRouter imports `<buildDir>/server/index.js`; `logoutRouteBuildDir()` writes one that
 * re-exports this module.
 */
export const entry = {
  module: {
    // The bridge hands the app its services through the context keys the entry exports.
    servicesContext,
    requestInfoContext,
    // A resource route answers with its action's own Response; no document is ever rendered.
    default: () => new Response('no documents in this build', { status: 500 }),
  },
};

export const routes = {
  root: { id: 'root', path: '', module: {} },
  'routes/account/logout': {
    id: 'routes/account/logout',
    parentId: 'root',
    path: 'logout',
    module: logoutRoute,
  },
};

export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: {},
  url: '/assets/manifest.js',
  version: 'test',
};
export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'build/client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender: string[] = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };

/** A build folder whose server entry is this module, and an empty client folder for the static files. */
export function logoutRouteBuildDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'privy-logout-build-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'server'));
  const self = fileURLToPath(import.meta.url);
  writeFileSync(path.join(dir, 'server', 'index.js'), `export * from ${JSON.stringify(self)};\n`);
  return dir;
}
