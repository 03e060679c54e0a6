import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { admin, emailOTP, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import type { EmailService } from '../email/email-service.ts';
import { checkPasswordStrength } from './password-policy.ts';

/** Phone-only accounts still need a unique email column; this domain can never receive mail. */
export const PHONE_EMAIL_DOMAIN = 'phone.privy.invalid';
export const phoneToPlaceholderEmail = (phone: string) => `${phone.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`;
export const isPlaceholderEmail = (email: string) => email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);

const SESSION_DAYS = 400; // spec §9: session cookie lives 400 days

export type AuthDeps = {
  // biome-ignore lint/suspicious/noExplicitAny: better-auth takes any Kysely instance
  db: Kysely<any>;
  secret: string;
  appUrl: string;
  email: EmailService;
  /** Tests and benchmarks sign in hundreds of times; production keeps the limiter on. */
  rateLimitEnabled: boolean;
  onUserCreated: (user: { id: string; name: string; email: string }) => Promise<void>;
};

export function createBetterAuth(deps: AuthDeps) {
  const passwordPaths = new Set([
    '/sign-up/email',
    '/reset-password',
    '/change-password',
    '/phone-number/reset-password',
  ]);
  return betterAuth({
    appName: 'Privy',
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
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await deps.email.send({ to: user.email, template: 'reset-password', data: { name: user.name, url } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!passwordPaths.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        const candidate = typeof body.newPassword === 'string' ? body.newPassword : body.password;
        if (typeof candidate !== 'string') return;
        const problem = checkPasswordStrength(candidate);
        if (problem) {
          const { APIError } = await import('better-auth/api');
          throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problem });
        }
      }),
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        sendOTP: async ({ phoneNumber: to, code }) => {
          await deps.email.sendSms({ to, text: `Your Privy code is ${code}. It expires in 10 minutes.` });
        },
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => {
          await deps.email.sendSms({ to, text: `Your Privy password reset code is ${code}.` });
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (isPlaceholderEmail(email)) return;
          await deps.email.send({ to: email, template: 'one-time-code', data: { code: otp, purpose: type } });
        },
      }),
      twoFactor({ issuer: 'Privy', backupCodeOptions: { amount: 10, length: 10 } }),
      admin(),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
