import { type BetterAuthPlugin, betterAuth } from 'better-auth';
import { admin, emailOTP, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import type { EmailService } from '../email/email-service.ts';
import { createAfterHook, createBeforeHook } from './auth-hooks.ts';
import { createPasswordHasher, type PasswordHasher } from './password-hashing.ts';

/** Phone-only accounts still need a unique email column; this domain can never receive mail. */
export const PHONE_EMAIL_DOMAIN = 'phone.privy.invalid';
export const phoneToPlaceholderEmail = (phone: string) => `${phone.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`;
export const isPlaceholderEmail = (email: string) => email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);

const SESSION_DAYS = 400; // spec §9: session cookie lives 400 days

/** Lifetimes of what we send (ADR 021). Codes are short-lived; links give time to find the email. */
export const AUTH_LIFETIMES = {
  oneTimeCodeSeconds: 10 * 60,
  codeResendCooldownSeconds: 60,
  emailVerificationSeconds: 24 * 60 * 60,
  passwordResetSeconds: 60 * 60,
  twoFactorChallengeSeconds: 10 * 60,
  trustedDeviceSeconds: 30 * 24 * 60 * 60,
} as const;

/** Where better-auth's verification link lands after confirming (or failing to confirm) an email. */
export const EMAIL_VERIFIED_CALLBACK = '/login?verified=1';

/** Where someone who already has an account is sent: sign in, or choose a new password. */
export const accountHelpLinks = (appUrl: string) => ({
  signInUrl: `${appUrl}/login`,
  resetUrl: `${appUrl}/forgot-password`,
});

/** Sign-ins by a one-time code: like a password sign-in, they must pass the second factor. */
const CODE_SIGN_IN_PATHS = new Set(['/sign-in/email-otp', '/phone-number/verify']);

export type AuthDeps = {
  // biome-ignore lint/suspicious/noExplicitAny: better-auth takes any Kysely instance
  db: Kysely<any>;
  secret: string;
  appUrl: string;
  email: EmailService;
  /** Tests and benchmarks sign in hundreds of times; production keeps the limiter on. */
  rateLimitEnabled: boolean;
  /** The standard scrypt unless given (tests pass a cheaper one: password-hashing.ts). */
  passwordHasher?: PasswordHasher;
  onUserCreated: (user: { id: string; name: string; email: string }) => Promise<void>;
  /**
   * Where better-auth's own warnings go ("Invalid password", "User not found"): the app's logger,
   * with request ids in production and captured in tests, instead of straight to the console (ADR 115).
   */
  log?: {
    error: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
    info: (obj: object, msg: string) => void;
  };
};

/** better-auth's (level, message, ...details) calls, as our logger's (object, message). */
function betterAuthLogTo(log: NonNullable<AuthDeps['log']>) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...details: unknown[]) => {
    const entry = { source: 'better-auth', ...(details.length ? { details } : {}) };
    if (level === 'error') log.error(entry, message);
    else if (level === 'warn') log.warn(entry, message);
    else log.info(entry, message);
  };
}

export function createBetterAuth(deps: AuthDeps) {
  const secondFactor = twoFactor({
    issuer: 'Privy',
    backupCodeOptions: { amount: 10, length: 10 },
    twoFactorCookieMaxAge: AUTH_LIFETIMES.twoFactorChallengeSeconds,
    trustDeviceMaxAge: AUTH_LIFETIMES.trustedDeviceSeconds,
  });
  // The two-factor plugin challenges password sign-ins only. Its own after-hook, run on the code
  // sign-ins too, swaps their fresh session for the same TOTP challenge, so a one-time code can never
  // skip an enrolled second factor.
  const challengeAfterCode = secondFactor.hooks.after[0]?.handler;
  if (!challengeAfterCode) throw new Error('better-auth two-factor plugin no longer has its sign-in hook');
  const codeSignInSecondFactor = {
    id: 'privy-code-sign-in-second-factor',
    hooks: {
      after: [{ matcher: (ctx) => CODE_SIGN_IN_PATHS.has(ctx.path ?? ''), handler: challengeAfterCode }],
    },
  } satisfies BetterAuthPlugin;

  return betterAuth({
    appName: 'Privy',
    ...(deps.log ? { logger: { log: betterAuthLogTo(deps.log) } } : {}),
    baseURL: deps.appUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [deps.appUrl],
    database: { db: deps.db, type: 'postgres' },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'privy',
      defaultCookieAttributes: { sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: ['x-privy-client-ip'] },
    },
    rateLimit: {
      enabled: deps.rateLimitEnabled,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-in/phone-number': { window: 60, max: 10 },
        '/email-otp/send-verification-otp': { window: 60, max: 5 },
        '/phone-number/send-otp': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    emailAndPassword: {
      enabled: true,
      // A sign-up answers the same whether or not the address has an account: nobody is signed in
      // by it, and the owner of a taken address is told by email instead (ADR 105).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        if (isPlaceholderEmail(user.email)) return;
        await deps.email.send({
          to: user.email,
          template: 'account-exists',
          data: { name: user.name, ...accountHelpLinks(deps.appUrl) },
        });
      },
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Node's asynchronous scrypt, in better-auth's format, whatever its package resolved to (ADR 105).
      password: deps.passwordHasher ?? createPasswordHasher(),
      resetPasswordTokenExpiresIn: AUTH_LIFETIMES.passwordResetSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await deps.email.send({ to: user.email, template: 'reset-password', data: { name: user.name, url } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link only confirms the address: signing in by it would skip an enrolled second factor.
      autoSignInAfterVerification: false,
      expiresIn: AUTH_LIFETIMES.emailVerificationSeconds,
      sendVerificationEmail: async ({ user, url }) => {
        if (isPlaceholderEmail(user.email)) return;
        await deps.email.send({ to: user.email, template: 'verify-email', data: { name: user.name, url } });
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await deps.onUserCreated({ id: user.id, name: user.name, email: user.email });
          },
        },
      },
    },
    hooks: { before: createBeforeHook(deps.db), after: createAfterHook(deps.db) },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: AUTH_LIFETIMES.oneTimeCodeSeconds,
        allowedAttempts: 5,
        // Numbers are stored in E.164 (common/schemas/auth.ts normalizes what people type).
        phoneNumberValidator: (value) => /^\+[1-9]\d{7,14}$/.test(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await deps.email.sendSms({ to, text: `Your Privy code is ${code}. It expires in 10 minutes.` });
        },
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => {
          await deps.email.sendSms({ to, text: `Your Privy password reset code is ${code}.` });
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: AUTH_LIFETIMES.oneTimeCodeSeconds,
        allowedAttempts: 5,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (isPlaceholderEmail(email)) return;
          await deps.email.send({ to: email, template: 'one-time-code', data: { code: otp, purpose: type } });
        },
      }),
      secondFactor,
      admin(),
      codeSignInSecondFactor,
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
