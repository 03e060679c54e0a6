import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes in better-auth's own format (`<salt hex>:<key hex>`, scrypt N=16384 r=16 p=1,
 * 64-byte key, the password NFKC-normalised and the salt used as its hex text), so every stored
 * hash keeps working (ADR 105). Node's asynchronous `crypto.scrypt` runs in libuv's thread pool:
 * a sign-in never holds the event loop for the ~50 ms a hash takes. better-auth picks the same
 * code only when its package resolves with the "node" export condition; elsewhere it falls back to
 * a pure-JavaScript scrypt on the main thread. Configuring ours makes that choice explicit.
 */
export const SCRYPT_PARAMETERS = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;

/**
 * The cost the app uses under APP_ENV=test only (services.ts): integration tests sign up and in
 * about two thousand times a run, and at N=16384 that was minutes of CI spent in scrypt. Same
 * format, same code path; hashes made at one cost do not verify at the other.
 */
export const TEST_SCRYPT_N = 1024;

const { r, p, keyLength } = SCRYPT_PARAMETERS;
const HEX = /^[0-9a-f]+$/;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

export function createPasswordHasher(N: number = SCRYPT_PARAMETERS.N): PasswordHasher {
  // scrypt needs 128·N·r bytes; twice that leaves room, as better-auth allows.
  const maxmem = 128 * N * r * 2;
  const deriveKey = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
        error ? reject(error) : resolve(key),
      );
    });
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      const key = await deriveKey(password, salt);
      return `${salt}:${key.toString('hex')}`;
    },
    /** Whether `password` matches `hash`; compared in constant time. A malformed hash never matches. */
    async verify({ hash, password }) {
      const [salt, keyHex, ...rest] = hash.split(':');
      if (!salt || !keyHex || rest.length || keyHex.length !== keyLength * 2 || !HEX.test(keyHex))
        return false;
      const expected = Buffer.from(keyHex, 'hex');
      const actual = await deriveKey(password, salt);
      return timingSafeEqual(actual, expected);
    },
  };
}

const standard = createPasswordHasher();

/**
 * Under APP_ENV=test: hashes at the test cost, marked so they are told apart from standard ones,
 * which still verify at the standard cost (the demo accounts in a snapshot `npm run build` seeded).
 */
const TEST_HASH_PREFIX = 'test-cost:';
function testHasher(): PasswordHasher {
  const cheap = createPasswordHasher(TEST_SCRYPT_N);
  return {
    hash: async (password) => `${TEST_HASH_PREFIX}${await cheap.hash(password)}`,
    verify: ({ hash, password }) =>
      hash.startsWith(TEST_HASH_PREFIX)
        ? cheap.verify({ hash: hash.slice(TEST_HASH_PREFIX.length), password })
        : standard.verify({ hash, password }),
  };
}

/** The hasher the app uses: the standard cost everywhere but under APP_ENV=test. */
export const passwordHasherFor = (env: 'development' | 'production' | 'test'): PasswordHasher =>
  env === 'test' ? testHasher() : standard;
export const hashPassword = standard.hash;
export const verifyPassword = standard.verify;
