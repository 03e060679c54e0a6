import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DEVELOPERS.md: "A domain calls another domain's service, never its repository", and the web app
 * reaches data through services only. Repositories are `repository.ts` and `*-repository.ts`.
 * Tests and their support files may set the scene through any repository.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DOMAINS = path.join(ROOT, 'server', 'domains');
const IMPORT = /\bfrom\s+'([^']+)'/g;
const isRepository = (file: string) => /(^|-)repository\.ts$/.test(path.basename(file));
const isTestCode = (file: string) => /\.test\.tsx?$|test-support\.ts$/.test(file);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function importedFiles(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] as string)
    .filter((target) => target.startsWith('.'))
    .map((target) => path.resolve(path.dirname(file), target));
}

const domainOf = (file: string) => path.relative(DOMAINS, file).split(path.sep)[0];

describe('domain boundaries', () => {
  it("no domain imports another domain's repository", () => {
    const crossings = sourceFiles(DOMAINS)
      .filter((file) => !isTestCode(file))
      .flatMap((file) =>
        importedFiles(file)
          .filter((target) => target.startsWith(DOMAINS) && isRepository(target))
          .filter((target) => domainOf(target) !== domainOf(file))
          .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
      );
    expect(crossings).toEqual([]);
  });

  it('the web app imports no repository', () => {
    const crossings = sourceFiles(path.join(ROOT, 'app'))
      .filter((file) => !isTestCode(file))
      .flatMap((file) =>
        importedFiles(file)
          .filter(isRepository)
          .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
      );
    expect(crossings).toEqual([]);
  });

  it('finds the imports it checks', () => {
    // Guards the two checks above against passing because they read nothing.
    const service = path.join(DOMAINS, 'availability', 'availability-service.ts');
    expect(importedFiles(service)).toContain(path.join(DOMAINS, 'availability', 'repository.ts'));
    expect(sourceFiles(DOMAINS).length).toBeGreaterThan(100);
  });
});
