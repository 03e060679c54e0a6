import { randomBytes } from 'node:crypto';
import {
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  openAsBlob,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT, pgliteVersion, SNAPSHOT_FORMAT, type SnapshotKind } from './snapshot-key.ts';

/**
 * Database snapshots (ADR 079): a PGlite database captured right after the boot migrated (and, for
 * `seeded`, seeded) it, plus the files that boot wrote under DATA_DIR (the demo photos). A new
 * database starts from one in about a second instead of paying initdb (4–6 s in WebAssembly), the
 * migrations and the seed. A snapshot is stored under the key (snapshot-key.ts) of everything that
 * determines it and used only for that key: otherwise the server falls back to initdb + migrate
 * (+ seed), so correctness never depends on one.
 *
 * The database is kept in two forms made from the same dump: `pgdata.tar` for in-memory databases
 * (PGlite's loadDataDir unpacks it into its memory file system) and `pgdata/`, the same cluster
 * after a clean shutdown, for folders on disk: copying its ~1,000 files takes a tenth of a second,
 * where unpacking the tar through PGlite's emulated file system took about a second of CPU.
 */
export { type SnapshotKind, snapshotKey } from './snapshot-key.ts';
export { PROJECT_ROOT };

export const DEFAULT_SNAPSHOT_ROOT = path.join(
  PROJECT_ROOT,
  'node_modules',
  '.cache',
  'privy',
  'db-snapshots',
);

const DATABASE_TAR = 'pgdata.tar';
const DATABASE_DIR = 'pgdata';
const FILES_DIR = 'files';
const MANIFEST_FILE = 'manifest.json';

export type SnapshotManifest = {
  format: number;
  kind: SnapshotKind;
  key: string;
  createdAt: string;
  pglite: string;
  /** Files copied from DATA_DIR (the seed's uploads); 0 for a migrated snapshot. */
  files: number;
};

export type Snapshot = { kind: SnapshotKind; key: string; dir: string; manifest: SnapshotManifest };

function snapshotDir(root: string, kind: SnapshotKind, key: string): string {
  return path.join(root, `${kind}-${key.slice(0, 16)}`);
}

/** The stored snapshot of `kind` for exactly this key, or null (none, unreadable, or another key). */
export async function findSnapshot(
  kind: SnapshotKind,
  key: string,
  root = DEFAULT_SNAPSHOT_ROOT,
): Promise<Snapshot | null> {
  const dir = snapshotDir(root, kind, key);
  let manifest: SnapshotManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as SnapshotManifest;
  } catch {
    return null;
  }
  if (manifest.format !== SNAPSHOT_FORMAT || manifest.kind !== kind || manifest.key !== key) return null;
  if (!existsSync(path.join(dir, DATABASE_TAR)) || !existsSync(path.join(dir, DATABASE_DIR, 'PG_VERSION'))) {
    return null;
  }
  return { kind, key, dir, manifest };
}

/** The cluster as a tarball, for an in-memory `openDatabase(…, { pgliteSnapshot })`; read as PGlite unpacks it. */
export function readSnapshotDatabase(snapshot: Snapshot): Promise<Blob> {
  return openAsBlob(path.join(snapshot.dir, DATABASE_TAR));
}

/**
 * Puts the snapshot's cluster at `dataPath` (a PGlite folder isNewPgliteFolder found new): copied
 * beside it, then renamed into place, so an interrupted copy never looks like a database. Copy-on-
 * write where the file system can; PostgreSQL writes its files in place, so they cannot be shared.
 */
export function copySnapshotCluster(snapshot: Snapshot, dataPath: string): void {
  const partial = `${dataPath}.partial-${randomBytes(6).toString('hex')}`;
  try {
    cpSync(path.join(snapshot.dir, DATABASE_DIR), partial, {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
    });
    rmSync(dataPath, { recursive: true, force: true });
    renameSync(partial, dataPath);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Puts the snapshot's files (the seed's uploads) into DATA_DIR, replacing same-named ones. Each is
 * a hard link to the snapshot's copy: storage never changes a file in place (it writes a new file
 * and renames it over, and deletes by unlinking), so sharing is safe and costs no copying, which
 * for ~1,400 photos took more CPU than loading the database. A plain copy where links cannot be
 * made (another file system).
 */
export function copySnapshotFiles(snapshot: Snapshot, dataDir: string): void {
  const from = path.join(snapshot.dir, FILES_DIR);
  if (!snapshot.manifest.files || !existsSync(from)) return;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(dataDir, path.relative(from, source));
    mkdirSync(path.dirname(target), { recursive: true });
    rmSync(target, { force: true });
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target, constants.COPYFILE_FICLONE);
    }
  }
}

/**
 * Whether a persisted PGlite folder holds no database yet (missing or empty). Also clears what an
 * interrupted copySnapshotCluster left beside it.
 */
export async function isNewPgliteFolder(dataPath: string): Promise<boolean> {
  const parent = path.dirname(dataPath);
  const leftover = `${path.basename(dataPath)}.partial-`;
  if (existsSync(parent)) {
    for (const entry of await readdir(parent)) {
      if (entry.startsWith(leftover)) await rm(path.join(parent, entry), { recursive: true, force: true });
    }
  }
  if (!existsSync(dataPath)) return true;
  return (await readdir(dataPath)).length === 0;
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

export type SaveSnapshotInput = {
  kind: SnapshotKind;
  key: string;
  /** `dumpDataDir('none')` of the booted database. */
  database: Blob;
  /** The same cluster unpacked into a folder and shut down cleanly. */
  cluster: string;
  /** DATA_DIR after the boot, and the entries in it that are not content (database, secret). */
  dataDir: string;
  skip: string[];
  root?: string;
};

/**
 * Snapshots of a kind made for another key are left alone this long, in case a process that found
 * one is still copying it (a start copies within seconds; the test harness re-checks the key).
 */
const STALE_AFTER_MS = 10 * 60 * 1000;

/**
 * Writes a snapshot under a temporary name and renames it into place, so a reader sees a whole
 * snapshot or none; if another process stored the same key meanwhile, theirs stays. Then removes
 * snapshots of the same kind made for other keys more than ten minutes ago.
 */
export async function saveSnapshot(input: SaveSnapshotInput): Promise<Snapshot> {
  const root = input.root ?? DEFAULT_SNAPSHOT_ROOT;
  await mkdir(root, { recursive: true });
  const temporary = path.join(root, `.partial-${input.kind}-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(temporary);
    await writeFile(path.join(temporary, DATABASE_TAR), new Uint8Array(await input.database.arrayBuffer()));
    await cp(input.cluster, path.join(temporary, DATABASE_DIR), { recursive: true });
    const filesDir = path.join(temporary, FILES_DIR);
    const skip = new Set(input.skip.map((entry) => path.resolve(input.dataDir, entry)));
    const entries = existsSync(input.dataDir) ? await readdir(input.dataDir) : [];
    for (const entry of entries) {
      const source = path.join(input.dataDir, entry);
      if (skip.has(path.resolve(source))) continue;
      await cp(source, path.join(filesDir, entry), { recursive: true });
    }
    const manifest: SnapshotManifest = {
      format: SNAPSHOT_FORMAT,
      kind: input.kind,
      key: input.key,
      createdAt: new Date().toISOString(),
      pglite: await pgliteVersion(),
      files: await countFiles(filesDir),
    };
    await writeFile(path.join(temporary, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const dir = snapshotDir(root, input.kind, input.key);
    try {
      await rename(temporary, dir);
    } catch (error) {
      if (!(await findSnapshot(input.kind, input.key, root))) throw error;
    }
    await pruneSnapshots(root, input.kind, dir);
    const saved = await findSnapshot(input.kind, input.key, root);
    if (!saved) throw new Error(`snapshot ${dir} was not stored`);
    return saved;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

async function pruneSnapshots(root: string, kind: SnapshotKind, keep: string): Promise<void> {
  const now = Date.now();
  for (const entry of await readdir(root)) {
    const dir = path.join(root, entry);
    const ours = entry.startsWith(`${kind}-`) || entry.startsWith(`.partial-${kind}-`);
    if (!ours || dir === keep) continue;
    const info = await stat(dir).catch(() => null);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) await rm(dir, { recursive: true, force: true });
  }
}
