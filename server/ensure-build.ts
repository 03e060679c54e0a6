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
const STAMP = path.join(ROOT, 'build', '.inputs-sha256');
const BUILT = path.join(ROOT, 'build', 'server', 'index.js');
const isTest = (name: string) => /\.(test|e2e)\.tsx?$|\.test-support\.ts$/.test(name);

function listFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || isTest(entry.name)) continue;
    found.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
  }
  return found;
}

/** One digest of every input's path and bytes, and of the Node version that builds. */
export function buildInputsDigest(): string {
  const hash = createHash('sha256').update(process.version);
  const files = [...FOLDERS.flatMap(listFiles), ...FILES.filter((file) => existsSync(path.join(ROOT, file)))];
  for (const file of files.sort()) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

if (import.meta.main && process.argv.includes('--stamp')) {
  // The last step of `npm run build`: whichever command built, the next start knows it is current.
  writeFileSync(STAMP, `${buildInputsDigest()}\n`);
} else if (import.meta.main) {
  const digest = buildInputsDigest();
  const stamped = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (stamped === digest && existsSync(BUILT)) {
    console.info('build/ is up to date with the sources and the lockfile: not rebuilding');
  } else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
