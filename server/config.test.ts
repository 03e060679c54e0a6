import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.ts';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const folders: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'privy-config-'));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const randomSecret = () => randomBytes(32).toString('base64url');

/** A valid baseline: tests change one variable at a time. */
function env(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { APP_ENV: 'test', DATA_DIR: tempDir(), ...overrides };
}

function configError(source: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

/** Runs `node server/main.ts` with the given environment and collects how it ended. */
function runMain(
  extraEnv: Record<string, string>,
  cwd = process.cwd(),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'silent', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('loadConfig', () => {
  it('starts from sensible defaults on a laptop', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir,
      database: { kind: 'pglite', dataPath: path.join(dataDir, 'pglite') },
      seedDemo: true,
      trustProxy: false,
      stripe: null,
      smtpUrl: undefined,
    });
  });

  it('reads every kind of database URL', () => {
    expect(loadConfig(env({ DATABASE_URL: 'memory://' })).database).toEqual({
      kind: 'pglite',
      dataPath: 'memory://',
    });
    expect(loadConfig(env({ DATABASE_URL: 'postgres://u@db:5432/privy' })).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/privy',
    });
  });

  it('treats blank values as unset', () => {
    const config = loadConfig(env({ PORT: '', SEED_DEMO: ' ', SMTP_URL: '' }));
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
    expect(config.smtpUrl).toBeUndefined();
  });

  it('turns SEED_DEMO=false and TRUST_PROXY=true into booleans', () => {
    const config = loadConfig(env({ SEED_DEMO: 'false', TRUST_PROXY: 'true' }));
    expect(config.seedDemo).toBe(false);
    expect(config.trustProxy).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['APP_URL', 'not a url'],
    ['APP_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://localhost/privy'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['CONTACT_EMAIL', 'support-at-example'],
    ['AUTH_SECRET', 'too-short'],
    ['APP_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', 'sometimes'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    const error = configError(env({ [name]: value }));
    expect(error.message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('names every bad variable at once', () => {
    const error = configError(env({ PORT: 'abc', CONTACT_EMAIL: 'nope' }));
    expect(error.message).toMatch(/^ {2}PORT: /m);
    expect(error.message).toMatch(/^ {2}CONTACT_EMAIL: /m);
  });

  it('requires AUTH_SECRET in production instead of generating one', () => {
    const dataDir = tempDir();
    const error = configError({ APP_ENV: 'production', DATA_DIR: dataDir });
    expect(error.message).toMatch(/AUTH_SECRET: required when APP_ENV=production/);
    expect(() => statSync(path.join(dataDir, 'auth-secret'))).toThrow();
    const secret = randomSecret();
    const config = loadConfig({ APP_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: secret });
    expect(config).toMatchObject({ env: 'production', isProduction: true, authSecret: secret });
  });

  it('refuses a published or placeholder AUTH_SECRET in production', () => {
    for (const secret of [
      'better-auth-secret-12345678901234567890',
      'a'.repeat(40),
      '0123456789'.repeat(4),
    ]) {
      const error = configError({ APP_ENV: 'production', DATA_DIR: tempDir(), AUTH_SECRET: secret });
      expect(error.message).toMatch(/^ {2}AUTH_SECRET: is a published or placeholder value/m);
    }
    // Outside production the laptop keeps working with whatever it was given.
    expect(loadConfig(env({ AUTH_SECRET: 'a'.repeat(40) })).authSecret).toBe('a'.repeat(40));
  });

  it('keeps the demo seed, the API browser and the dev tools out of production unless switched on', () => {
    const production = { APP_ENV: 'production', DATA_DIR: tempDir(), AUTH_SECRET: randomSecret() };
    expect(loadConfig(production)).toMatchObject({
      seedDemo: false,
      seedDemoRequested: false,
      apiDocs: false,
      devTools: false,
    });
    expect(
      loadConfig({ ...production, SEED_DEMO: 'true', API_DOCS: 'true', DEV_TOOLS: 'true' }),
    ).toMatchObject({ seedDemo: true, seedDemoRequested: true, apiDocs: true, devTools: true });
    expect(loadConfig(env())).toMatchObject({
      seedDemo: true,
      seedDemoRequested: false,
      apiDocs: true,
      devTools: true,
    });
  });

  it('takes its own mode from APP_ENV and leaves NODE_ENV to the libraries', () => {
    // `npm start` runs with NODE_ENV=production (React's production build) and is still the laptop
    // demo: developer tools on, secret generated.
    const dataDir = tempDir();
    const demo = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(demo).toMatchObject({ env: 'development', isProduction: false });
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(demo.authSecret);
    expect(loadConfig(env({ NODE_ENV: 'development', APP_ENV: 'test' })).env).toBe('test');
    const deployed = loadConfig(
      env({ NODE_ENV: 'development', APP_ENV: 'production', AUTH_SECRET: randomSecret() }),
    );
    expect(deployed).toMatchObject({ env: 'production', isProduction: true });
  });

  it('generates the auth secret once under DATA_DIR and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    // Another data folder is another installation, with its own secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).authSecret).not.toBe(first);
  });

  it('refuses a stored secret that was truncated', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'auth-secret'), 'short\n');
    expect(configError({ DATA_DIR: dataDir }).message).toMatch(/AUTH_SECRET: .*auth-secret/);
  });

  it('prefers AUTH_SECRET from the environment over the stored one', () => {
    const dataDir = tempDir();
    loadConfig({ DATA_DIR: dataDir });
    const secret = 'b'.repeat(48);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
  });
});

describe('Twilio settings (ADR 142)', () => {
  const SID = `AC${'0123456789abcdef'.repeat(2)}`;
  const TOKEN = 'f'.repeat(32);
  const SERVICE = `MG${'0123456789abcdef'.repeat(2)}`;

  it('are off until given, and taken with a number or a Messaging Service as the sender', () => {
    expect(loadConfig(env()).twilio).toBeNull();
    expect(
      loadConfig(env({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15551234567' }))
        .twilio,
    ).toEqual({ accountSid: SID, authToken: TOKEN, from: '+15551234567', messagingServiceSid: undefined });
    expect(
      loadConfig(
        env({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_MESSAGING_SERVICE_SID: SERVICE }),
      ).twilio,
    ).toMatchObject({ from: undefined, messagingServiceSid: SERVICE });
  });

  it.each([
    [{ TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15551234567' }, 'TWILIO_ACCOUNT_SID: required'],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: '+15551234567' }, 'TWILIO_AUTH_TOKEN: required'],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN }, 'TWILIO_FROM: set TWILIO_FROM'],
    [
      { TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15551234567' },
      'TWILIO_ACCOUNT_SID: ',
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '555-123-4567' },
      'TWILIO_FROM: must be',
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_MESSAGING_SERVICE_SID: 'PN1' },
      'TWILIO_MESSAGING_',
    ],
  ])('refuses a partial or malformed setup, naming the variable: %o', (settings, line) => {
    expect(configError(env(settings)).message).toContain(`\n  ${line}`);
  });
});

describe('.env.example', () => {
  const file = readFileSync(path.resolve(import.meta.dirname, '..', '.env.example'), 'utf8');

  it('documents every variable the configuration reads, each with a comment', () => {
    const documented = Object.keys(parseEnv(file));
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
    const lines = file.split('\n');
    for (const name of ENV_VARIABLES) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      // The variable's own line, or the block it belongs to, is preceded by a comment.
      const above = lines
        .slice(0, index)
        .reverse()
        .find((line) => !/^[A-Z0-9_]+=/.test(line));
      expect(above, name).toMatch(/^# /);
    }
  });

  it('works as it is when copied to .env', () => {
    const config = loadConfig({ ...parseEnv(file), DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.seedDemo).toBe(true);
  });
});

describe('server start with a bad environment', { timeout: 60_000 }, () => {
  it('exits with code 1 and names the variable', async () => {
    const result = await runMain({ PORT: 'abc', DATA_DIR: tempDir(), DATABASE_URL: 'memory://' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORT: must be a port number/);
    expect(result.stdout).not.toMatch(/Privy is running/);
  });

  it('names DATABASE_URL in one line, password masked, when the database cannot be reached', async () => {
    const unused = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const result = await runMain({
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://privy:s3cret-pw@127.0.0.1:${unused}/privy`,
      SEED_DEMO: 'false',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      new RegExp(
        `^DATABASE_URL: cannot connect to postgres://privy:\\*{4}@127\\.0\\.0\\.1:${unused}/privy: .*ECONNREFUSED`,
      ),
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr + result.stdout).not.toContain('s3cret-pw');
  });

  it('reads .env from the working folder, with the real environment taking precedence', async () => {
    const cwd = tempDir();
    writeFileSync(path.join(cwd, '.env'), 'CONTACT_EMAIL=not-an-email\nDATABASE_URL=memory://\n');
    const fromFile = await runMain({ DATA_DIR: tempDir() }, cwd);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toMatch(/CONTACT_EMAIL: must be an email address/);

    writeFileSync(path.join(cwd, '.env'), 'PORT=3000\n');
    const overridden = await runMain({ PORT: 'abc', DATA_DIR: tempDir() }, cwd);
    expect(overridden.code).toBe(1);
    expect(overridden.stderr).toMatch(/PORT: /);
  });
});
