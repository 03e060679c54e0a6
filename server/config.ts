import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
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
  CONTACT_EMAIL: z.email().default('support@privy.localhost'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
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
  stripe: { secretKey: string; webhookSecret: string | undefined; publishableKey: string | undefined } | null;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  uploadsDir: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutBlanks(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.AUTH_SECRET) {
    throw new ConfigError('Invalid environment:\n  AUTH_SECRET: required when NODE_ENV=production');
  }
  const database: Config['database'] =
    env.DATABASE_URL === undefined
      ? { kind: 'pglite', dataPath: path.join(dataDir, 'pglite') }
      : env.DATABASE_URL.startsWith('memory://')
        ? { kind: 'pglite', dataPath: 'memory://' }
        : { kind: 'postgres', url: env.DATABASE_URL };
  return {
    env: env.NODE_ENV,
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
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    uploadsDir: path.join(dataDir, 'uploads'),
  };
}
