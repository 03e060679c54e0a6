import type { RegisterInput, SignInInput } from '../../../common/schemas/auth.ts';
import type { AppServices } from '../../services.ts';
import { type AuthOutcome, describeAuthError, runAuth } from './auth-outcome.ts';
import { accountHelpLinks, EMAIL_VERIFIED_CALLBACK, phoneToPlaceholderEmail } from './better-auth.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { findUserContact, findUserIdByPhone, setUserPhoneNumber } from './repository.ts';
import { smsClientOf, smsOutcome, smsUnavailableFailure } from './sms-refusals.ts';

export type RegisterResult = {
  email: string | null;
  phoneNumber: string | null;
  /**
   * What the page asks for next, the same whether or not the account was new: open the email
   * (a confirmation link, or a note that the address already has an account), or type the texted
   * code (which signs a new phone account in).
   */
  next: 'check-email' | 'enter-phone-code';
};

/** After a password sign-in: signed in, or half-way there with a second factor still to give. */
export type SignInResult = { twoFactorRequired: false; userId: string } | { twoFactorRequired: true };

function displayName(input: RegisterInput): string {
  return [input.first_name, input.last_name].filter(Boolean).join(' ') || 'Privy guest';
}

const phoneTakenText = (appUrl: string) => {
  const { signInUrl, resetUrl } = accountHelpLinks(appUrl);
  return `Someone tried to create a Privy account with this number. You already have one: sign in at ${signInUrl} or choose a new password at ${resetUrl}. If it was not you, ignore this message.`;
};

/**
 * Creates an account, and answers exactly the same when the email or phone number already has one,
 * so the form cannot tell anyone who has an account (ADR 105). Nobody is signed in by it: a new
 * email account confirms its address and signs in; a new phone account signs in with the texted
 * code. The owner of a taken address gets an email (better-auth's onExistingUserSignUp, see
 * better-auth.ts), the owner of a taken number a text, instead of a new account.
 *
 * Phone accounts get a placeholder email (the auth library keys users by email; ADR 022), the
 * number stored unverified.
 */
export async function registerAccount(
  services: AppServices,
  input: RegisterInput,
  headers: Headers,
): Promise<AuthOutcome<RegisterResult>> {
  const api = services.betterAuth.api;
  const phone = input.phone ?? null;
  const answer: AuthOutcome<RegisterResult> = {
    ok: true,
    cookies: [],
    data: phone
      ? { email: null, phoneNumber: phone, next: 'enter-phone-code' }
      : { email: input.email ?? null, phoneNumber: null, next: 'check-email' },
  };
  // Where no text can be sent, a phone account could never confirm its number: refused up front,
  // for every number alike (ADR 142).
  if (phone && !services.email.smsAvailable) return { ok: false, failure: smsUnavailableFailure() };
  if (phone && (await findUserIdByPhone(services.db, phone))) {
    // The same refusal a sign-up would give a weak password (auth-hooks.ts), then as long as a
    // sign-up takes: hashing is most of it.
    const weakness = checkPasswordStrength(input.password);
    if (weakness)
      return { ok: false, failure: describeAuthError(400, { code: 'WEAK_PASSWORD', message: weakness }) };
    await (await services.betterAuth.$context).password.hash(input.password);
    // A text not sent answers like the code a new account would not get (the same limits and
    // refusals), so it tells nobody that the number has an account.
    const text = phoneTakenText(services.config.appUrl);
    const unsent = await smsOutcome(() =>
      services.email.sendSms({ to: phone, text, client: smsClientOf(headers) }),
    );
    return unsent ? { ok: false, failure: unsent } : answer;
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
  if (!created.ok) return created;
  // For a taken address better-auth answers with a made-up user that was never stored.
  const userId = created.data.user.id;
  if (!(await findUserContact(services.db, userId))) {
    if (phone) services.log.warn({}, 'a new phone number collided with an old placeholder email');
    return answer;
  }
  let unsent: AuthOutcome<RegisterResult> | null = null;
  if (phone) {
    await setUserPhoneNumber(services.db, userId, phone);
    // A code not sent (a limit, a number the provider refuses, the provider down) is said plainly.
    // The account stays: /login/code sends its owner a new code later.
    const sent = await runAuth(() =>
      api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers, asResponse: true }),
    );
    if (!sent.ok) unsent = sent;
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
  return unsent ?? answer;
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
