import { fork } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the search benchmark's floor (search-floor-server.ts) in a process of its own, as the
 * endpoint's server runs in one, and resolves with its port once it listens.
 */
export async function startFloorServer(databaseUrl: string): Promise<{ port: number; stop: () => void }> {
  const child = fork(path.join(import.meta.dirname, 'search-floor-server.ts'), [databaseUrl], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  return { port, stop: () => child.kill() };
}
