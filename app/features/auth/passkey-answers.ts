/** What the passkey client's answers mean (ADR 146), without loading the client itself. */

/** The answer code a refused passkey change carries when a recent proof is missing (ADR 144). */
export const REAUTHENTICATION_NEEDED_CODE = 'REAUTHENTICATION_NEEDED';

/** The person closed the device's prompt: no error to show. */
export const CANCELLED_CODES = new Set([
  'AUTH_CANCELLED',
  'ERROR_CEREMONY_ABORTED',
  'REGISTRATION_CANCELLED',
]);

/** The code of a passkey client's error, where it has one (WebAuthn's or better-auth's). */
export function passkeyErrorCode(error: object): string {
  return 'code' in error && typeof error.code === 'string' ? error.code : '';
}

/** Whether this browser can use passkeys at all (old browsers and some webviews cannot). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
