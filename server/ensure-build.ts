import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`'s first step: runs `npm run build` only when what the build reads changed since the
 * last successful build, so an unchanged restart skips the minute a build takes (docs/PERFORMANCE.md,
 * "Restart"). What it reads: the app, the shared code, the server (the web app's loaders import it,
 * and the database snapshot is built from its migrations and seed), the public files, the build's
 * configuration and the lockfile. Tests are left out: editing one changes nothing that is built.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['app', 'common', 'server', 'public'];
const FILES = [
  'package.json',
  'package-lock.json',
  'react-router.config.ts',
  'vite.config.ts',
  'vite.chunks.ts',
  'postcss.config.cjs',
  'tsconfig.json',
];
const stampPath = (root: string) => path.join(root, 'build', '.inputs-sha256');
const builtPath = (root: string) => path.join(root, 'build', 'server', 'index.js');
const isTest = (name: string) => /\.(test|e2e)\.tsx?$|\.test-support\.ts$/.test(name);

function listFiles(root: string, folder: string): string[] {
  if (!existsSync(path.join(root, folder))) return [];
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || isTest(entry.name)) continue;
    found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return found;
}

/** One digest of every input's path and bytes, and of the Node version that builds. */
export function buildInputsDigest(root = ROOT): string {
  const hash = createHash('sha256').update(process.version);
  const files = [
    ...FOLDERS.flatMap((folder) => listFiles(root, folder)),
    ...FILES.filter((file) => existsSync(path.join(root, file))),
  ];
  for (const file of files.sort()) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Records that build/ now matches the inputs. */
export function stampBuild(root = ROOT): void {
  writeFileSync(stampPath(root), `${buildInputsDigest(root)}\n`);
}

/** Whether build/ is missing or was made from other inputs than the ones here now. */
export function buildIsStale(root = ROOT): boolean {
  const stamp = stampPath(root);
  const stamped = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  return stamped !== buildInputsDigest(root) || !existsSync(builtPath(root));
}

if (import.meta.main && process.argv.includes('--stamp')) {
  // The last step of `npm run build`: whichever command built, the next start knows it is current.
  stampBuild();
} else if (import.meta.main) {
  if (!buildIsStale()) {
    console.info('build/ is up to date with the sources and the lockfile: not rebuilding');
  } else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
