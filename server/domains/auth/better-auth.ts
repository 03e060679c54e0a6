import { passkey } from '@better-auth/passkey';
import { type BetterAuthPlugin, betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, emailOTP, genericOAuth, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import type { SignInProviderSettings } from '../../sign-in-provider-config.ts';
import type { EmailService } from '../email/email-service.ts';
import { createAfterHook, createBeforeHook } from './auth-hooks.ts';
import { createEmailChangeHooks } from './email-change-hooks.ts';
import { createPasswordHasher, type PasswordHasher } from './password-hashing.ts';
import { orSmsApiError } from './sms-refusals.ts';

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
  /** Google, Apple and an OpenID Connect provider, each when configured (ADR 143). */
  signInProviders?: SignInProviderSettings;
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

/** Where an outside sign-in lands when its account has a second factor still to pass. */
export const TWO_FACTOR_PAGE = '/login/two-factor';

/**
 * Sign-ins through Google, Apple or an OpenID Connect provider must pass an enrolled second factor
 * too. Their callback answers with a redirect, not JSON, so the challenge's JSON answer becomes a
 * redirect to the page that asks for the code; the challenge cookie goes with it.
 */
function outsideSignInSecondFactor(
  challenge: NonNullable<ReturnType<typeof twoFactor>['hooks']['after'][0]>['handler'],
) {
  return {
    id: 'privy-outside-sign-in-second-factor',
    hooks: {
      after: [
        {
          matcher: (ctx) => (ctx.path ?? '').startsWith('/callback/'),
          handler: createAuthMiddleware(async (ctx) => {
            const answer = (await challenge(ctx)) as
              | { headers?: Headers; response?: { twoFactorRedirect?: boolean } }
              | undefined;
            if (!answer?.response?.twoFactorRedirect) return;
            // The challenge's cookies: the session's cleared, the two-factor challenge's set.
            const headers = new Headers(answer.headers);
            headers.set('location', TWO_FACTOR_PAGE);
            throw new APIError('FOUND', undefined, headers);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * A passkey with user verification (a fingerprint, face or device PIN) is something you have and
 * something you are or know: a sign-in by itself, at the level of a second factor (ADR 146). The
 * plugin accepts unverified assertions, so ours refuses them; without verification a passkey would
 * be a lone possession factor and could not stand in for the authenticator app's code.
 */
const USER_NOT_VERIFIED = {
  code: 'PASSKEY_USER_NOT_VERIFIED',
  message: 'Your device did not confirm it was you (fingerprint, face or PIN). Try again.',
};

function passkeys(appUrl: string) {
  return passkey({
    rpID: new URL(appUrl).hostname,
    rpName: 'Privy',
    origin: appUrl,
    // Discoverable, so the sign-in needs no email first; user-verifying, as above.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    registration: {
      afterVerification: ({ verification }) => {
        if (!verification.registrationInfo?.userVerified)
          throw new APIError('BAD_REQUEST', USER_NOT_VERIFIED);
      },
    },
    authentication: {
      afterVerification: ({ verification }) => {
        if (!verification.authenticationInfo.userVerified)
          throw new APIError('UNAUTHORIZED', USER_NOT_VERIFIED);
      },
    },
  });
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
  const providers = deps.signInProviders ?? { google: null, apple: null, oidc: null };
  const emailChange = createEmailChangeHooks({
    db: deps.db,
    email: deps.email,
    appUrl: deps.appUrl,
    confirmSeconds: AUTH_LIFETIMES.emailVerificationSeconds,
    log: deps.log,
  });

  return betterAuth({
    appName: 'Privy',
    ...(deps.log ? { logger: { log: betterAuthLogTo(deps.log) } } : {}),
    baseURL: deps.appUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    // Apple answers with a form POST from its own origin (response_mode=form_post).
    trustedOrigins: providers.apple ? [deps.appUrl, 'https://appleid.apple.com'] : [deps.appUrl],
    database: { db: deps.db, type: 'postgres' },
    // Email changes start only from our own service, after its checks (email-change.ts, ADR 145).
    disabledPaths: ['/change-email'],
    // Without sendChangeEmailConfirmation the link goes to the new address first, as ADR 145 decides.
    user: { changeEmail: { enabled: true } },
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
        '/phone-number/request-password-reset': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/passkey/verify-authentication': { window: 60, max: 10 },
      },
    },
    socialProviders: {
      ...(providers.google ? { google: { ...providers.google, prompt: 'select_account' as const } } : {}),
      ...(providers.apple ? { apple: providers.apple } : {}),
    },
    account: {
      // An outside sign-in never joins an existing account by itself, even with a verified email:
      // the owner signs in first and links it from Security (ADR 143). Linked from there, the
      // provider's email may differ from the account's (a phone account has none).
      accountLinking: { enabled: true, disableImplicitLinking: true, allowDifferentEmails: true },
      encryptOAuthTokens: true,
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
      sendVerificationEmail: async ({ user, url, token }) => {
        if (isPlaceholderEmail(user.email)) return;
        if (await emailChange.sendConfirmation({ user, url, token })) return;
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
        update: { before: emailChange.beforeUserUpdate, after: emailChange.afterUserUpdate },
      },
    },
    hooks: { before: createBeforeHook(deps.db, deps.email), after: createAfterHook(deps.db) },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: AUTH_LIFETIMES.oneTimeCodeSeconds,
        allowedAttempts: 5,
        // Numbers are stored in E.164 (common/schemas/auth.ts normalizes what people type).
        phoneNumberValidator: (value) => /^\+[1-9]\d{7,14}$/.test(value),
        // Our before-hook already counted these texts against their limits (auth-hooks.ts). A text
        // not sent (a number refused, the provider down) answers with a clear 400 or 503 instead of
        // better-auth's 500 (sms-refusals.ts, ADR 142).
        sendOTP: async ({ phoneNumber: to, code }) => {
          const text = `Your Privy code is ${code}. It expires in 10 minutes.`;
          await orSmsApiError(() => deps.email.sendSms({ to, text, admitted: true }));
        },
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => {
          const text = `Your Privy password reset code is ${code}.`;
          await orSmsApiError(() => deps.email.sendSms({ to, text, admitted: true }));
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
      outsideSignInSecondFactor(challengeAfterCode),
      // Not under the second-factor hooks above: a user-verified passkey is multi-factor (ADR 146).
      passkeys(deps.appUrl),
      // Registered even with no provider configured, so its endpoints keep one shape; with none,
      // every call to them answers that the provider is unknown.
      genericOAuth({
        config: providers.oidc
          ? [
              {
                providerId: 'oidc',
                name: providers.oidc.name,
                discoveryUrl: `${providers.oidc.issuer}/.well-known/openid-configuration`,
                clientId: providers.oidc.clientId,
                clientSecret: providers.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                // PKCE, state and a nonce bound to a signature-checked ID token (ADR 143).
                pkce: true,
                requireIdTokenVerification: true,
              },
            ]
          : [],
      }),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
