import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHasherFor, verifyPassword } from './password-hashing.ts';

/** Made by better-auth 1.7.25's own hashPassword: what the demo seed and snapshots hold today. */
const STORED = {
  password: 'privy-demo-2026',
  hash: '57a34c1bfd830d8c943dc15c1631365e:e6f43a54ae3648c485c072bc6dff4fe16762b4c30bc689793c195a513333f06c82462c5359eff521a9f791a069e0c9d42f328178f61e00dae7a001a56e020fdd',
};
/** Also better-auth's: full-width letters and a ligature, which NFKC folds before hashing. */
const UNNORMALISED = {
  password: 'Ｐａｓｓ café ﬁne',
  hash: '4c6138deb911c2cf5782675bbc2bb02c:027bd3ac45b253354f2e2c5f9ab84a0d7d6d3862e8e07a552b9751206ff597965fc23f57d44ab0f8b8deb4aaeae07ef2517a70a5e932a4df5ebdd376bce35978',
};

/** better-auth's pure-JavaScript scrypt, the one it uses where the "node" export condition is not met. */
async function betterAuthFallback() {
  const require = createRequire(import.meta.url);
  const utils = path.dirname(require.resolve('@better-auth/utils/password'));
  const file = pathToFileURL(path.join(utils, 'password.mjs')).href;
  return (await import(file)) as {
    hashPassword: (password: string) => Promise<string>;
    verifyPassword: (hash: string, password: string) => Promise<boolean>;
  };
}

describe('password hashing off the event loop, in better-auth’s format', () => {
  it('verifies hashes better-auth stored, and refuses a wrong password', async () => {
    expect(await verifyPassword(STORED)).toBe(true);
    expect(await verifyPassword({ hash: STORED.hash, password: 'privy-demo-2025' })).toBe(false);
    expect(await verifyPassword(UNNORMALISED)).toBe(true);
    expect(await verifyPassword({ hash: UNNORMALISED.hash, password: 'Pass café fine' })).toBe(true);
  });

  it("accepts better-auth's fresh hashes, and better-auth accepts ours", async () => {
    const password = 'quiet harbour lantern';
    expect(await verifyPassword({ hash: await betterAuthHash(password), password })).toBe(true);
    const ours = await hashPassword(password);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: 'quiet harbour lanterns' })).toBe(false);
  });

  it('hashes at better-auth’s cost outside tests, and only tests take the cheap one', async () => {
    const password = 'seven lanterns';
    for (const env of ['development', 'production'] as const) {
      expect(await betterAuthVerify({ hash: await passwordHasherFor(env).hash(password), password })).toBe(
        true,
      );
    }
    const tests = passwordHasherFor('test');
    const cheap = await tests.hash(password);
    expect(await tests.verify({ hash: cheap, password })).toBe(true);
    expect(await tests.verify({ hash: cheap, password: 'six lanterns' })).toBe(false);
    expect(await betterAuthVerify({ hash: cheap, password })).toBe(false);
    // A snapshot seeded at the standard cost still signs in under tests.
    expect(await tests.verify(STORED)).toBe(true);
    expect(await tests.verify({ hash: STORED.hash, password: 'privy-demo-2025' })).toBe(false);
  });

  it("matches better-auth's pure-JavaScript fallback both ways", async () => {
    const fallback = await betterAuthFallback();
    const password = 'paper boats at dawn';
    expect(await fallback.verifyPassword(await hashPassword(password), password)).toBe(true);
    expect(await verifyPassword({ hash: await fallback.hashPassword(password), password })).toBe(true);
  });

  it('salts every hash, and never matches a malformed one', async () => {
    expect(await hashPassword('same words')).not.toBe(await hashPassword('same words'));
    for (const hash of ['', 'nocolon', `${STORED.hash}:extra`, `${STORED.hash.slice(0, -2)}`, 'ab:zz']) {
      expect(await verifyPassword({ hash, password: STORED.password })).toBe(false);
    }
  });
});
