import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The kinds of database snapshot (ADR 079): after the migrations, and after the demo seed too. */
export type SnapshotKind = 'migrated' | 'seeded';

/** Bump when the snapshot layout (server/db/snapshot.ts) changes: older snapshots then stop matching. */
export const SNAPSHOT_FORMAT = 2;

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * What each kind depends on, relative to the project root: the source files its boot reaches
 * (entry points and every module they import, followed through relative imports) and, for the
 * seed, the installed libraries (sharp draws the photos, the gazetteer places the bathrooms) and
 * everything in server/seed/ in case a file there is read rather than imported. Routes, pages and
 * tests are not reached, so editing them does not make the seed run again.
 */
const INPUTS: Record<SnapshotKind, { entries: string[]; files: string[] }> = {
  // Migrations are frozen and import nothing from the app; database.ts names the extensions.
  migrated: { entries: ['server/db/migrate.ts', 'server/db/database.ts'], files: [] },
  seeded: { entries: ['server/boot.ts'], files: ['server/seed', 'package-lock.json'] },
};

const RELATIVE_IMPORT = /(?:\bfrom|\bimport\s*\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g;
// Type-only imports vanish when the code runs, so what they name cannot change a database.
const TYPE_ONLY_IMPORT = /^\s*(?:import|export)\s+type\s[^;]*;/gm;

/** The entry files and every project file they import, directly or not. */
async function moduleGraph(root: string, entries: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(root, entry));
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = (await readFile(file, 'utf8')).replace(TYPE_ONLY_IMPORT, '');
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1] as string);
      if (/\.tsx?$/.test(target) && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(root, file));
}

async function filesUnder(root: string, input: string): Promise<string[]> {
  const full = path.join(root, input);
  const info = await stat(full);
  if (info.isFile()) return [input];
  const entries = await readdir(full, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Tests change nothing a boot writes. */
function isTestFile(relative: string): boolean {
  return /\.test\.tsx?$/.test(relative);
}

/** The installed PGlite's version: its data folder format and initdb come with it. */
export async function pgliteVersion(): Promise<string> {
  // The package's entry point, resolved as Node would, then up to its package.json (which the
  // package does not export, so it cannot be resolved directly).
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(await readFile(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the version of @electric-sql/pglite');
    dir = parent;
  }
}

/** The files a snapshot of `kind` is made from, relative to `root`, sorted. */
export async function snapshotInputs(kind: SnapshotKind, root = PROJECT_ROOT): Promise<string[]> {
  const { entries, files } = INPUTS[kind];
  const listed = await Promise.all([
    moduleGraph(root, entries),
    ...files.map((input) => filesUnder(root, input)),
  ]);
  return [...new Set(listed.flat())].filter((file) => !isTestFile(file)).sort();
}

export type SnapshotKeyOptions = {
  /** The project to hash (tests point it at a copy). */
  root?: string;
  /** The day the snapshot is for (UTC); seeded data may be relative to it. */
  now?: Date;
};

/**
 * The key a snapshot of `kind` must carry to be used: a SHA-256 of the format, PGlite's version
 * and every input file. A seeded snapshot also carries Node's version (time zone data, sharp) and
 * the UTC date: demo data may be dated relative to the day it was made, so a snapshot from another
 * day is rebuilt (by `npm run build`) rather than trusted.
 */
export async function snapshotKey(kind: SnapshotKind, options: SnapshotKeyOptions = {}): Promise<string> {
  const root = options.root ?? PROJECT_ROOT;
  const hash = createHash('sha256');
  hash.update(`privy-db-snapshot ${SNAPSHOT_FORMAT}\nkind ${kind}\npglite ${await pgliteVersion()}\n`);
  if (kind === 'seeded') {
    const day = (options.now ?? new Date()).toISOString().slice(0, 10);
    hash.update(`node ${process.versions.node}\nday ${day}\n`);
  }
  const files = await snapshotInputs(kind, root);
  const digests = await Promise.all(
    files.map(async (file) =>
      createHash('sha256')
        .update(await readFile(path.join(root, file)))
        .digest('hex'),
    ),
  );
  files.forEach((file, index) => {
    hash.update(`${file.split(path.sep).join('/')}\0${digests[index]}\n`);
  });
  return hash.digest('hex');
}
