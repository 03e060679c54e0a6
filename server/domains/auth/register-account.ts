import type { RegisterInput, SignInInput } from '../../../common/schemas/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { phoneToPlaceholderEmail } from './better-auth.ts';
import { setUserPhoneNumber } from './repository.ts';

function displayName(input: RegisterInput): string {
  return [input.first_name, input.last_name].filter(Boolean).join(' ') || 'Privy guest';
}

/**
 * Email accounts go straight through better-auth. Phone accounts get a placeholder email (the auth
 * library keys users by email), the number is stored unverified and a 6-digit code is sent.
 */
export async function registerAccount(
  services: AppServices,
  input: RegisterInput,
  headers: Headers,
): Promise<Response> {
  const api = services.betterAuth.api;
  const email = input.email ?? phoneToPlaceholderEmail(input.phone as string);
  const response = await api.signUpEmail({
    body: { email, password: input.password, name: displayName(input), callbackURL: '/dashboard?verified=1' },
    headers,
    asResponse: true,
  });
  if (!response.ok) return response;
  if (input.phone) {
    const created = (await response.clone().json()) as { user: { id: string } };
    const stored = await setUserPhoneNumber(services.db, created.user.id, input.phone);
    if (!stored)
      throw new AppError('conflict', 'An account with this phone number already exists.', [
        { field: 'phone', message: 'An account with this phone number already exists.' },
      ]);
    await api.sendPhoneNumberOTP({ body: { phoneNumber: input.phone }, headers });
  }
  return response;
}

export async function signInAccount(
  services: AppServices,
  input: SignInInput,
  headers: Headers,
): Promise<Response> {
  const api = services.betterAuth.api;
  if (input.email) {
    return api.signInEmail({
      body: { email: input.email, password: input.password },
      headers,
      asResponse: true,
    });
  }
  return api.signInPhoneNumber({
    body: { phoneNumber: input.phone as string, password: input.password },
    headers,
    asResponse: true,
  });
}
