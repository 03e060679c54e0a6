/**
 * What the fan-out benchmark's processes share: one clock and a small request/reply protocol over
 * Node's IPC channel (the orchestrator forks a server process and a client process).
 */
import { type ChildProcess, fork } from 'node:child_process';

/**
 * Milliseconds on the machine's monotonic clock. `process.hrtime` reads CLOCK_MONOTONIC on Linux,
 * which is one clock for every process on the machine (time since boot), so a timestamp taken in
 * the server process and one taken in the client process subtract exactly, with sub-microsecond
 * resolution and no wall-clock adjustments in between. (`performance.now()` counts from each
 * process's own start, and `Date.now()` has 1 ms resolution and follows NTP steps.)
 */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

type Request = { id: number; cmd: string; args?: unknown };
type Reply = { id: number; result?: unknown; error?: string };

export type Worker = {
  child: ChildProcess;
  call<T>(cmd: string, args?: unknown): Promise<T>;
  stop(): Promise<void>;
};

/**
 * Forks `script` and resolves once it says it is ready. `execArgv` lets a run profile one side
 * (`--cpu-prof`) without touching the other.
 */
export function startWorker(
  script: string,
  env: Record<string, string | undefined>,
  execArgv: string[] = [],
): Promise<Worker> {
  // BENCH_WORKER_ARGS (e.g. "--trace-gc") reaches every worker, for looking into a run's stalls.
  const extra = process.env.BENCH_WORKER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = fork(script, [], {
    env,
    execArgv: [...execArgv, ...extra],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${script} exited (${code})`));
    pending.clear();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
    child.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message) {
        resolve({
          child,
          call<T>(cmd: string, args?: unknown) {
            const id = next++;
            return new Promise<T>((resolveCall, rejectCall) => {
              pending.set(id, { resolve: resolveCall as (value: unknown) => void, reject: rejectCall });
              child.send({ id, cmd, args } satisfies Request);
            });
          },
          async stop() {
            if (child.exitCode !== null) return;
            child.send({ id: -1, cmd: 'exit' } satisfies Request);
            const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
            await exited;
            clearTimeout(forced);
          },
        });
        return;
      }
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
  });
}

/**
 * The child's side: answers each request with its handler's result. `exit` runs `onExit` (close
 * sockets, the database) and ends the process, which lets `--cpu-prof` write its profile.
 */
export function serveWorker(
  handlers: Record<string, (args: never) => unknown>,
  onExit: () => Promise<void>,
): void {
  process.on('message', async (request: Request) => {
    if (request.cmd === 'exit') {
      await onExit();
      process.exit(0);
    }
    const handler = handlers[request.cmd];
    try {
      if (!handler) throw new Error(`unknown command ${request.cmd}`);
      const result = await handler(request.args as never);
      process.send?.({ id: request.id, result } satisfies Reply);
    } catch (error) {
      process.send?.({ id: request.id, error: (error as Error).stack ?? String(error) } satisfies Reply);
    }
  });
  process.send?.({ ready: true });
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}
