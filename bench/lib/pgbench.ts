import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs a compiled query under pgbench (the bare-SQL ceiling for an endpoint). Parameters the
 * caller marks as varying become pgbench variables drawn per transaction by `\set` expressions;
 * the rest are written into the SQL as literals (every parameter in our SQL carries an explicit
 * cast, so `$3::date` and `'2027-06-07'::date` plan alike). pgbench variables hold only numbers,
 * so a varying text parameter (the slot's start time) is spread over one script per value, which
 * pgbench picks from at random for each transaction.
 */

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

export type CompiledQuery = { sql: string; parameters: readonly unknown[] };

export type VaryingParameters = {
  /** Parameter value (as compiled) → pgbench variable name, e.g. the sentinel latitude → 'lat'. */
  numbers: Map<unknown, string>;
  /** `\set name expression` lines drawing those variables. */
  draws: string[];
  /** A text parameter drawn from a list: the compiled sentinel value and the values to spread over. */
  text?: { sentinel: string; values: string[] };
};

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`pgbench script: cannot write parameter ${JSON.stringify(value)} as a literal`);
}

/** The pgbench scripts for one query (several when a text parameter varies). */
export function pgbenchScripts(queries: CompiledQuery[], varying: VaryingParameters): string[] {
  const render = (textValue: string | undefined) => {
    const statements = queries.map((query) =>
      query.sql
        .replace(/\$(\d+)/g, (_, index: string) => {
          const value = query.parameters[Number(index) - 1];
          const variable = varying.numbers.get(value);
          if (variable) return `:${variable}`;
          if (varying.text && value === varying.text.sentinel) return literal(textValue);
          return literal(value);
        })
        // One line per statement keeps pgbench's per-line error messages readable.
        .replace(/\s+/g, ' ')
        .trim(),
    );
    return `${varying.draws.join('\n')}\n${statements.map((statement) => `${statement};`).join('\n')}\n`;
  };
  return varying.text ? varying.text.values.map(render) : [render(undefined)];
}

export type PgbenchResult = { tps: number; transactions: number; failed: number; latencyMs: number };

/**
 * Runs pgbench on the scripts for `seconds` as fast as it goes, over the extended protocol as
 * node-postgres talks (`-M extended`: parse, plan and run each time), or `prepared` for SQL the app
 * prepares once per connection.
 */
export async function runPgbench(options: {
  url: string;
  scripts: string[];
  clients: number;
  threads: number;
  seconds: number;
  /** `prepared` when the endpoint prepares its statement too (ADR 102). */
  protocol?: 'extended' | 'prepared';
}): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'privy-pgbench-'));
  try {
    const files = options.scripts.map((script, index) => {
      const file = path.join(dir, `search-${index}.sql`);
      writeFileSync(file, script);
      return file;
    });
    const args = [
      '--no-vacuum',
      `--protocol=${options.protocol ?? 'extended'}`,
      `--client=${options.clients}`,
      `--jobs=${options.threads}`,
      `--time=${options.seconds}`,
      ...files.flatMap((file) => ['-f', file]),
      options.url,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text.slice(-3000)}`)),
      );
    });
    const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? Number.NaN);
    const result = {
      tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
      transactions: number(/number of transactions actually processed: (\d+)/),
      failed: number(/number of failed transactions: (\d+)/) || 0,
      latencyMs: number(/latency average = ([\d.]+) ms/),
    };
    if (!Number.isFinite(result.tps)) throw new Error(`could not read pgbench's output:\n${output}`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
