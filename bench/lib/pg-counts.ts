import pg from 'pg';

/** What bench/chat.ts reports of PostgreSQL's own statistics over a run. */

export type Counts = Record<string, number>;

/** Transactions committed and each table's scans and writes in the bench's database. */
export async function statementCounts(databaseUrl: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts: Counts = {};
    const db = await client.query<{ xact_commit: string }>(
      'select xact_commit from pg_stat_database where datname = current_database()',
    );
    counts.commits = Number(db.rows[0]?.xact_commit ?? 0);
    const tables = await client.query<{
      relname: string;
      seq_scan: string;
      seq_tup_read: string;
      idx_scan: string;
    }>('select relname, seq_scan, seq_tup_read, coalesce(idx_scan, 0) as idx_scan from pg_stat_user_tables');
    for (const row of tables.rows) {
      counts[`${row.relname} seq`] = Number(row.seq_scan);
      counts[`${row.relname} seq rows`] = Number(row.seq_tup_read);
      counts[`${row.relname} idx`] = Number(row.idx_scan);
    }
    return counts;
  } finally {
    await client.end();
  }
}

export function describeCounts(before: Counts, after: Counts): string {
  return Object.keys(after)
    .map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)] as const)
    .filter(([, delta]) => delta > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([key, delta]) => `${key} ${delta}`)
    .join(', ');
}
