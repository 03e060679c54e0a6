import type { ServiceLogger } from '../services.ts';

export type LogEntry = { level: 'error' | 'warn' | 'info'; msg: string; obj: object };

/**
 * A logger that keeps what the app logs instead of printing it (ADR 115). Tests provoke failures on
 * purpose (a provider that refuses, a wrong password); printed, those read as a broken run to a
 * newcomer. A test that expects a log line asserts on `entries`. Set TEST_LOG=1 to print them too,
 * when hunting a failure.
 */
export function captureLog(): ServiceLogger & { entries: LogEntry[]; clear: () => void } {
  const entries: LogEntry[] = [];
  const print = process.env.TEST_LOG === '1';
  const keep = (level: LogEntry['level'], printOut: (msg: string, obj: object) => void) => {
    return (obj: object, msg: string) => {
      entries.push({ level, msg, obj });
      if (print) printOut(msg, obj);
    };
  };
  return {
    entries,
    error: keep('error', (msg, obj) => console.error(msg, obj)),
    warn: keep('warn', (msg, obj) => console.warn(msg, obj)),
    info: keep('info', (msg, obj) => console.info(msg, obj)),
    clear: () => entries.splice(0),
  };
}
