import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const appRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('browser calls to /api', () => {
  it('all go through app/lib/api-fetch.ts, so every read is retried the same way (ADR 110)', () => {
    const browserCode = sourceFiles(appRoot).filter(
      (file) =>
        !file.endsWith('.server.ts') && !/\.test\.tsx?$/.test(file) && !file.endsWith('/lib/api-fetch.ts'),
    );
    expect(browserCode.length).toBeGreaterThan(100);
    // `client.$fetch(` is better-auth's client, built with apiFetch as its fetch (auth-client.ts,
    // passkey-client.ts); only a bare fetch( bypasses it.
    const bareFetch = /(?<![\w.$])(?:window\.|globalThis\.)?fetch\(/;
    const offenders = browserCode
      .filter((file) => bareFetch.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(appRoot, file));
    expect(offenders).toEqual([]);
  });
});
