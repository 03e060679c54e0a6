import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  DEFAULT_SNAPSHOT_ROOT,
  findSnapshot,
  PROJECT_ROOT,
  type Snapshot,
  type SnapshotKind,
  snapshotKey,
} from '../db/snapshot.ts';

const SCRIPT = path.join(PROJECT_ROOT, 'server', 'db', 'build-snapshot.ts');

/** Runs the snapshot build in its own Node process, as `npm run build` does. */
export function runSnapshotBuild(
  kinds: SnapshotKind[],
  root = DEFAULT_SNAPSHOT_ROOT,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(process.execPath, [SCRIPT, '--root', root, ...kinds], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(String(chunk)));
    child.stderr.on('data', (chunk) => output.push(String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output: output.join('') }));
  });
}

/**
 * The stored snapshot of `kind` for the current sources, built first if need be. A build that
 * overlapped an edit stores nothing (build-snapshot.ts), so it is tried again a couple of times.
 */
export async function ensureSnapshot(kind: SnapshotKind, root = DEFAULT_SNAPSHOT_ROOT): Promise<Snapshot> {
  let output = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await findSnapshot(kind, await snapshotKey(kind), root);
    if (found) return found;
    output = (await runSnapshotBuild([kind], root)).output;
  }
  const found = await findSnapshot(kind, await snapshotKey(kind), root);
  if (found) return found;
  throw new Error(`no ${kind} database snapshot could be built:\n${output}`);
}
