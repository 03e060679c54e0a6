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

const { N, r, p, keyLength } = SCRYPT_PARAMETERS;
// scrypt needs 128·N·r bytes; twice that leaves room, as better-auth allows.
const MAX_MEMORY = 128 * N * r * 2;
const HEX = /^[0-9a-f]+$/;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

/** Whether `password` matches `hash`; compared in constant time. A malformed hash never matches. */
export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, keyHex, ...rest] = hash.split(':');
  if (!salt || !keyHex || rest.length || keyHex.length !== keyLength * 2 || !HEX.test(keyHex)) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await deriveKey(password, salt);
  return timingSafeEqual(actual, expected);
}
