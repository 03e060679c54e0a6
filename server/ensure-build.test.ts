import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsStale, stampBuild } from './ensure-build.ts';

/** `npm start` rebuilds only when what the build reads changed (ADR 113). */
describe('ensure-build', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'privy-ensure-build-'));
    write('app/routes/home.tsx', 'export default function Home() {}');
    write('common/constants.ts', 'export const A = 1;');
    write('server/main.ts', 'console.info("main")');
    write('public/favicon.svg', '<svg/>');
    write('package.json', '{}');
    write('package-lock.json', '{"lockfileVersion":3}');
    write('build/server/index.js', 'built');
    stampBuild(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('skips the build when nothing it reads changed, even if a file was rewritten as it was', () => {
    expect(buildIsStale(root)).toBe(false);
    write('common/constants.ts', 'export const A = 1;');
    expect(buildIsStale(root)).toBe(false);
  });

  it('builds after a source, a public file or the lockfile changed, or a file was added', () => {
    write('app/routes/home.tsx', 'export default function Home() { return null; }');
    expect(buildIsStale(root)).toBe(true);
    stampBuild(root);
    write('public/favicon.svg', '<svg></svg>');
    expect(buildIsStale(root)).toBe(true);
    stampBuild(root);
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(buildIsStale(root)).toBe(true);
    stampBuild(root);
    write('server/domains/new-thing.ts', 'export {};');
    expect(buildIsStale(root)).toBe(true);
  });

  it('ignores tests, which nothing built reads', () => {
    write('server/main.test.ts', 'it("runs", () => {});');
    write('app/features/home.test.tsx', 'it("renders", () => {});');
    expect(buildIsStale(root)).toBe(false);
  });

  it('builds when build/ is missing or was never stamped', () => {
    rmSync(path.join(root, 'build/server/index.js'));
    expect(buildIsStale(root)).toBe(true);
    write('build/server/index.js', 'built');
    rmSync(path.join(root, 'build/.inputs-sha256'));
    expect(buildIsStale(root)).toBe(true);
  });
});
