import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TwilioSettings } from './domains/email/twilio-sms-delivery.ts';
import type { S3Settings } from './domains/storage/s3-storage.ts';
import {
  readSignInProviders,
  type SignInProviderSettings,
  signInProviderEnv,
} from './sign-in-provider-config.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  // Privy's own switch (dev tools, required secret). NODE_ENV is left to the libraries: `npm start`
  // sets NODE_ENV=production for React's production build yet keeps the laptop demo (ADR 023).
  APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number (0–65535)' })
    .int('must be a whole number')
    .min(0, 'must be 0–65535')
    .max(65535, 'must be 0–65535')
    .default(3000),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'must start with postgres://, postgresql:// or memory://')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Privy <no-reply@privy.localhost>'),
  CONTACT_EMAIL: z.email('must be an email address').default('support@privy.localhost'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  // Text messages through Twilio (ADR 142): the account, its token, and a sender (see loadConfig).
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, 'must be your Account SID: AC and 32 hex characters (Twilio Console)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(32, 'must be your Auth Token: 32 characters (Twilio Console)').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'must be a phone number in E.164 form, e.g. +15551234567')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/i, 'must be a Messaging Service SID: MG and 32 hex characters')
    .optional(),
  // Defaults depend on APP_ENV (loadConfig): on for a laptop, off in production unless asked for.
  SEED_DEMO: booleanFromEnv.optional(),
  API_DOCS: booleanFromEnv.optional(),
  DEV_TOOLS: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  MAP_TILE_URL: z
    .string()
    .regex(/^(https?:\/\/|\/)/, 'must be an http(s):// URL or a path on this site, e.g. /map-tiles/blank.png')
    .default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // Uploads in an S3-compatible bucket (ADR 111) when S3_BUCKET is set; DATA_DIR/uploads otherwise.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  ...signInProviderEnv,
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the configuration reads (.env.example documents each one). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export type Config = {
  /** APP_ENV, not NODE_ENV: NODE_ENV only picks the libraries' builds. */
  env: Env['APP_ENV'];
  /** A real deployment: no developer tools (dev mailbox, test notifications), AUTH_SECRET required. */
  isProduction: boolean;
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  /** `memory://` for an in-memory PGlite, a folder path for a persisted PGlite, or a postgres URL. */
  database: { kind: 'pglite'; dataPath: string } | { kind: 'postgres'; url: string };
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  stripe: {
    secretKey: string;
    webhookSecret: string | undefined;
    publishableKey: string | undefined;
    /** Never from the environment: tests aim the SDK at a local stand-in for api.stripe.com. */
    api?: { host: string; port: number; protocol: 'http' | 'https'; maxNetworkRetries?: number };
  } | null;
  /** Texts through Twilio (ADR 142); null: the dev outbox, or no texts at all in production. */
  twilio: TwilioSettings | null;
  seedDemo: boolean;
  /** SEED_DEMO=true was set: a deliberate demo, which production then allows (ADR 108). */
  seedDemoRequested: boolean;
  /** The OpenAPI browser at /api/docs; off in production unless API_DOCS=true. */
  apiDocs: boolean;
  /** /dev/mailbox, its API and the realtime disconnect aid; off in production unless DEV_TOOLS=true. */
  devTools: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /** How long an anonymous visitor's page is kept (ADR 096); 0 renders every request. */
  pageCacheSeconds: number;
  uploadsDir: string;
  /** Where uploads are kept: on disk under uploadsDir, or in an S3-compatible bucket (ADR 111). */
  objectStore: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
  /** Leaflet tile URL template ({s}, {z}, {x}, {y}); a path on this site serves blank tiles offline. */
  mapTileUrl: string;
  /** A Nominatim-compatible geocoder for street addresses; null: the offline gazetteer alone. */
  geocoderUrl: string | null;
  /** Google, Apple and an OpenID Connect provider, each when its settings are given (ADR 143). */
  signInProviders: SignInProviderSettings;
  /**
   * Messages one person may send a minute; unset: ADR 119's SEND_LIMIT_PER_MINUTE. Never from the
   * environment: only the chat benchmark raises it (each party sends one a second there).
   */
  messageSendLimitPerMinute?: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Secrets anyone can look up: better-auth's built-in default and the examples people paste. A
 * production secret is also refused when it has too few distinct characters to be random ("aaaa…").
 */
const PUBLISHED_SECRETS = new Set([
  'better-auth-secret-12345678901234567890',
  'change-me-to-a-long-random-string-of-32-chars',
  'your-secret-key-at-least-32-characters-long',
]);

function isPlaceholderSecret(secret: string): boolean {
  return PUBLISHED_SECRETS.has(secret) || new Set(secret).size < 12;
}

/** Blank values count as unset, so `FOO=` in a .env file falls back to the default. */
function withoutBlanks(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );
}

/**
 * A laptop run needs an auth secret but nobody should have to invent one: generate it once and
 * keep it beside the data so sessions survive restarts.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) {
      throw new ConfigError(
        `Invalid environment:\n  AUTH_SECRET: ${file} holds fewer than 32 characters; delete it to generate a new one`,
      );
    }
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Reads `.env` from the working folder into process.env when there is one. Variables already set in
 * the real environment win, so `PORT=4000 npm start` still overrides the file.
 */
export function loadEnvFile(file = path.resolve('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Twilio needs all three of account, token and sender, or none: half a setup would look configured
 * and fail on the first text someone waits for.
 */
function readTwilio(env: Env): TwilioSettings | null {
  const sender = env.TWILIO_FROM ?? env.TWILIO_MESSAGING_SERVICE_SID;
  const given = env.TWILIO_ACCOUNT_SID ?? env.TWILIO_AUTH_TOKEN ?? sender;
  if (!given) return null;
  const missing = !env.TWILIO_ACCOUNT_SID
    ? 'TWILIO_ACCOUNT_SID: required when any TWILIO_ setting is given (AC…, from the Twilio Console)'
    : !env.TWILIO_AUTH_TOKEN
      ? 'TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID (from the Twilio Console)'
      : !sender
        ? 'TWILIO_FROM: set TWILIO_FROM (a number in E.164, e.g. +15551234567) or TWILIO_MESSAGING_SERVICE_SID (MG…)'
        : null;
  if (missing) throw new ConfigError(`Invalid environment (see .env.example):\n  ${missing}`);
  return {
    accountSid: env.TWILIO_ACCOUNT_SID as string,
    authToken: env.TWILIO_AUTH_TOKEN as string,
    from: env.TWILIO_FROM,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
  };
}

/**
 * Parses and checks the environment; throws a ConfigError naming every bad variable. Without an
 * argument it reads the process environment after `.env`, as every entry point (server, migrate
 * command) should; tests pass their own environment.
 */
export function loadConfig(source?: NodeJS.ProcessEnv): Config {
  if (!source) loadEnvFile();
  const parsed = envSchema.safeParse(withoutBlanks(source ?? process.env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment (see .env.example):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.APP_ENV === 'production';
  if (isProduction && !env.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid environment (see .env.example):\n  AUTH_SECRET: required when APP_ENV=production (at least 32 random characters)',
    );
  }
  if (!env.S3_BUCKET && (env.S3_URL || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid environment (see .env.example):\n  S3_BUCKET: required when any S3_ setting is given',
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid environment (see .env.example):\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  if (isProduction && env.AUTH_SECRET && isPlaceholderSecret(env.AUTH_SECRET)) {
    throw new ConfigError(
      'Invalid environment (see .env.example):\n  AUTH_SECRET: is a published or placeholder value; generate one, e.g. `openssl rand -base64 48`',
    );
  }
  const providers = readSignInProviders(env);
  if (providers.problems.length) {
    throw new ConfigError(`Invalid environment (see .env.example):\n${providers.problems.join('\n')}`);
  }
  const twilio = readTwilio(env);
  const database: Config['database'] =
    env.DATABASE_URL === undefined
      ? { kind: 'pglite', dataPath: path.join(dataDir, 'pglite') }
      : env.DATABASE_URL.startsWith('memory://')
        ? { kind: 'pglite', dataPath: 'memory://' }
        : { kind: 'postgres', url: env.DATABASE_URL };
  return {
    env: env.APP_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        }
      : null,
    twilio,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    seedDemoRequested: env.SEED_DEMO === true,
    apiDocs: env.API_DOCS ?? !isProduction,
    devTools: env.DEV_TOOLS ?? !isProduction,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    uploadsDir: path.join(dataDir, 'uploads'),
    objectStore: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_URL,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Custom endpoints (MinIO, Ceph, a local test server) mostly want the bucket in the path.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_URL),
        }
      : { kind: 'disk' },
    mapTileUrl: env.MAP_TILE_URL,
    geocoderUrl: env.GEOCODER_URL ?? null,
    signInProviders: providers.settings,
  };
}
