import type { RegisterInput, SignInInput } from '../../../common/schemas/auth.ts';
import type { AppServices } from '../../services.ts';
import { type AuthOutcome, runAuth } from './auth-outcome.ts';
import { EMAIL_VERIFIED_CALLBACK, phoneToPlaceholderEmail } from './better-auth.ts';
import { findUserIdByPhone, setUserPhoneNumber } from './repository.ts';

export type RegisterResult = {
  userId: string;
  email: string | null;
  phoneNumber: string | null;
  /** What the new user is asked to do next. */
  next: 'verify-email' | 'verify-phone';
};

/** After a password sign-in: signed in, or half-way there with a second factor still to give. */
export type SignInResult = { twoFactorRequired: false; userId: string } | { twoFactorRequired: true };

const PHONE_TAKEN = 'An account with this phone number already exists. Sign in, or reset your password.';

function displayName(input: RegisterInput): string {
  return [input.first_name, input.last_name].filter(Boolean).join(' ') || 'Privy guest';
}

/**
 * Email accounts go straight through better-auth. Phone accounts get a placeholder email (the auth
 * library keys users by email; ADR 022), the number is stored unverified and a 6-digit code is
 * texted. Either way the new user is signed in.
 */
export async function registerAccount(
  services: AppServices,
  input: RegisterInput,
  headers: Headers,
): Promise<AuthOutcome<RegisterResult>> {
  const api = services.betterAuth.api;
  const phone = input.phone ?? null;
  if (phone && (await findUserIdByPhone(services.db, phone))) {
    return {
      ok: false,
      failure: {
        status: 409,
        code: 'conflict',
        message: PHONE_TAKEN,
        fields: [{ field: 'phone', message: PHONE_TAKEN }],
      },
    };
  }
  const email = input.email ?? phoneToPlaceholderEmail(phone as string);
  const created = await runAuth<{ user: { id: string } }>(() =>
    api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: displayName(input),
        callbackURL: EMAIL_VERIFIED_CALLBACK,
      },
      headers,
      asResponse: true,
    }),
  );
  if (!created.ok) {
    // The placeholder email is derived from the number, so "email taken" means "number taken".
    if (phone && created.failure.fields?.[0]?.field === 'email') {
      return {
        ok: false,
        failure: {
          ...created.failure,
          message: PHONE_TAKEN,
          fields: [{ field: 'phone', message: PHONE_TAKEN }],
        },
      };
    }
    return created;
  }
  const userId = created.data.user.id;
  if (phone) {
    await setUserPhoneNumber(services.db, userId, phone);
    await api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers });
  }
  // Spec §3 USER_REGISTERED: admins see newcomers arrive (in the app only; ADR 051). The account
  // exists already, so a failure here is logged rather than turned into a failed sign-up.
  const who = [input.first_name, input.last_name].filter(Boolean).join(' ') || input.email || phone;
  try {
    await services.notifications.notifyAdmins({
      type: 'USER_REGISTERED',
      message: `${who} just created an account.`,
      meta: { user_id: userId },
    });
  } catch (error) {
    services.log.error({ err: error, userId }, 'could not tell admins of a new account');
  }
  return {
    ok: true,
    cookies: created.cookies,
    data: {
      userId,
      email: input.email ?? null,
      phoneNumber: phone,
      next: phone ? 'verify-phone' : 'verify-email',
    },
  };
}

type BetterAuthSignIn = { user?: { id: string }; twoFactorRedirect?: boolean };

export function toSignInResult(data: BetterAuthSignIn | null): SignInResult {
  if (data?.twoFactorRedirect) return { twoFactorRequired: true };
  return { twoFactorRequired: false, userId: data?.user?.id ?? '' };
}

/** Password sign-in by email or phone. Throttling happens in better-auth's hooks (auth-hooks.ts). */
export async function signInAccount(
  services: AppServices,
  input: SignInInput,
  headers: Headers,
): Promise<AuthOutcome<SignInResult>> {
  const api = services.betterAuth.api;
  const outcome = await runAuth<BetterAuthSignIn>(() =>
    input.email
      ? api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true })
      : api.signInPhoneNumber({
          body: { phoneNumber: input.phone as string, password: input.password },
          headers,
          asResponse: true,
        }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, cookies: outcome.cookies, data: toSignInResult(outcome.data) };
}
