import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Db } from '../../db/database.ts';
import type { EmailService } from '../email/email-service.ts';
import { SmsError } from '../email/sms-delivery.ts';
import { findUnsafeAuthInput } from './auth-input-guard.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { REAUTHENTICATION_NEEDED_MESSAGE, sessionFreshUntil } from './reauthentication.ts';
import { findUserIdByPhone } from './repository.ts';
import { withoutSessionTokens } from './session-token-redaction.ts';
import {
  admitSignInAttempt,
  PASSWORD_SIGN_IN_PATHS,
  type SignInOutcome,
  settleSignInAttempt,
  signInIdentifier,
  TOO_MANY_FAILURES_CODE,
  throttleKeys,
  throttleMessage,
} from './sign-in-throttle.ts';
import { orSmsApiError, smsApiError, smsClientOf } from './sms-refusals.ts';

/** Endpoints that take a new password: each must pass our password policy, not only its length. */
const NEW_PASSWORD_PATHS = new Set([
  '/sign-up/email',
  '/reset-password',
  '/change-password',
  '/set-password',
  '/phone-number/reset-password',
]);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function clientIp(ctx: HookContext): string | null {
  const source = ctx.request ?? ctx.headers;
  return source ? getIP(source, ctx.context.options) : null;
}

/** better-auth endpoints that text a code to the number in their body. */
const SMS_CODE_PATHS = new Set(['/phone-number/send-otp', '/phone-number/request-password-reset']);
const E164 = /^\+[1-9]\d{7,14}$/;

/** The failure row an admitted sign-in was counted as, until its outcome settles it. */
const ATTEMPT_HEADER = 'x-privy-sign-in-attempt';

/**
 * Runs before every better-auth endpoint, whether it is reached over HTTP (/api/auth/*) or called
 * in-process by our routes and React Router actions.
 */
export function createBeforeHook(db: Db, email: EmailService) {
  return createAuthMiddleware(async (ctx) => {
    // First, before any hook or endpoint reads the input: a NUL or a non-object body is a 400 here,
    // not a 500 from SQL or a plugin further on (auth-input-guard.ts, ADR 104).
    const unsafe = findUnsafeAuthInput({
      method: ctx.request?.method,
      body: ctx.body,
      query: ctx.query,
      params: ctx.params,
    });
    if (unsafe) throw new APIError('BAD_REQUEST', unsafe);
    await checkRecentProof(db, ctx);

    if (NEW_PASSWORD_PATHS.has(ctx.path)) {
      const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
      const candidate = typeof body.newPassword === 'string' ? body.newPassword : body.password;
      if (typeof candidate === 'string') {
        const problem = checkPasswordStrength(candidate);
        if (problem) throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problem });
      }
    }

    if (PASSWORD_SIGN_IN_PATHS.has(ctx.path)) {
      const identifier = signInIdentifier(ctx.path, ctx.body);
      if (!identifier) return;
      const admission = await admitSignInAttempt(db, throttleKeys(identifier, clientIp(ctx)));
      if (!admission.allowed) {
        throw new APIError(
          'TOO_MANY_REQUESTS',
          { code: TOO_MANY_FAILURES_CODE, message: throttleMessage(admission) },
          { 'retry-after': String(admission.retryAfterSeconds) },
        );
      }
      // Carried to the after-hook on the request's headers, replacing any a client sent.
      if (admission.attemptId) {
        return { context: { headers: new Headers({ [ATTEMPT_HEADER]: admission.attemptId }) } };
      }
      return;
    }

    if (SMS_CODE_PATHS.has(ctx.path)) {
      const phoneNumber = (ctx.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
      if (typeof phoneNumber !== 'string') return;
      // Where no text can be sent, every number gets the same refusal (ADR 142).
      if (!email.smsAvailable) throw smsApiError(new SmsError('unavailable', 'no text-message provider'));
      // Texting a code to a number no account uses would let anyone send our SMS to strangers:
      // only an account's number, or a new one its signed-in owner confirms, gets the code.
      const sending =
        Boolean(await findUserIdByPhone(db, phoneNumber)) ||
        (ctx.path === '/phone-number/send-otp' && Boolean(await getSessionFromCtx(ctx)));
      // Every request for a code counts against the number's and the client's limits, sent or not,
      // so a refusal tells nobody whether the number has an account (ADR 105), and it comes before
      // better-auth replaces the last code with one that would never be sent (ADR 142). A malformed
      // number could never be texted: better-auth refuses it or finds no account.
      if (E164.test(phoneNumber)) {
        const client = smsClientOf(ctx.headers);
        await orSmsApiError(() => email.admitSms({ to: phoneNumber, client }));
      }
      if (sending) return;
      // The reset endpoint answers an unknown number as if it had texted it; send-otp is told to.
      if (ctx.path === '/phone-number/send-otp') return ctx.json({ message: 'code sent' });
    }
  });
}

/** Settles the attempt the before-hook counted, by what the sign-in came to. */
async function noteSignInOutcome(db: Db, ctx: HookContext) {
  if (!PASSWORD_SIGN_IN_PATHS.has(ctx.path)) return;
  const identifier = signInIdentifier(ctx.path, ctx.body);
  if (!identifier) return;
  const returned = ctx.context.returned;
  // A session (or, with a second factor, the challenge that replaces it) means the password matched.
  const outcome: SignInOutcome = isAPIError(returned)
    ? returned.statusCode === 401
      ? 'wrong-credentials'
      : 'other'
    : ctx.context.newSession
      ? 'signed-in'
      : 'other';
  await settleSignInAttempt(
    db,
    throttleKeys(identifier, clientIp(ctx)),
    ctx.headers?.get(ATTEMPT_HEADER) ?? undefined,
    outcome,
  );
}

/**
 * Runs after every better-auth endpoint: records password sign-in outcomes for the throttle, and
 * takes raw session tokens out of what the endpoint answers (session-token-redaction.ts).
 */
export function createAfterHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    await noteSignInOutcome(db, ctx);
    const returned = ctx.context.returned;
    if (isAPIError(returned) || returned instanceof Response) return;
    const redacted = withoutSessionTokens(returned);
    if (redacted !== returned) return ctx.json(redacted as Record<string, unknown> | null);
  });
}

/**
 * better-auth endpoints that change how an account signs in (ADR 144), and whether the request
 * itself carries the password (the whole proof for an account without a second factor). Checked
 * here so that calling better-auth directly over /api/auth cannot skip what our pages ask for.
 */
const SENSITIVE_PATHS: Record<string, { passwordGiven: boolean }> = {
  '/change-password': { passwordGiven: true },
  '/set-password': { passwordGiven: false },
  '/change-email': { passwordGiven: false },
  '/link-social': { passwordGiven: false },
  '/unlink-account': { passwordGiven: false },
  '/delete-user': { passwordGiven: false },
  '/two-factor/enable': { passwordGiven: true },
  '/two-factor/disable': { passwordGiven: true },
  '/two-factor/generate-backup-codes': { passwordGiven: true },
  '/two-factor/get-totp-uri': { passwordGiven: true },
  // Adding a passkey is adding a way in; the options are refused too, before the device prompts.
  '/passkey/generate-register-options': { passwordGiven: false },
  '/passkey/verify-registration': { passwordGiven: false },
  '/passkey/delete-passkey': { passwordGiven: false },
};

/** A signed-in account moving to another number through better-auth's phone plugin. */
function changesPhoneNumber(ctx: HookContext): boolean {
  if (ctx.path !== '/phone-number/verify') return false;
  return (ctx.body as { updatePhoneNumber?: unknown } | undefined)?.updatePhoneNumber === true;
}

export async function checkRecentProof(db: Db, ctx: HookContext): Promise<void> {
  const rule = SENSITIVE_PATHS[ctx.path] ?? (changesPhoneNumber(ctx) ? { passwordGiven: false } : undefined);
  if (!rule) return;
  const session = await getSessionFromCtx(ctx);
  // No session: the endpoint itself answers 401.
  if (!session) return;
  const twoFactorEnabled = Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  if (rule.passwordGiven && !twoFactorEnabled) return;
  if ((await sessionFreshUntil(db, session.session.id, twoFactorEnabled)) > Date.now()) return;
  throw new APIError('FORBIDDEN', {
    code: 'REAUTHENTICATION_NEEDED',
    message: REAUTHENTICATION_NEEDED_MESSAGE,
  });
}
