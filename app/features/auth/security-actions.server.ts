import QRCode from 'qrcode';
import { data, redirect } from 'react-router';
import {
  changePasswordSchema,
  codeOnlySchema,
  identityIdSchema,
  passkeyIdSchema,
  passwordConfirmSchema,
  sessionIdSchema,
  setPasswordSchema,
  signInProviderSchema,
} from '../../../common/schemas/auth.ts';
import {
  changeAccountPassword,
  confirmTotpEnrolment,
  disableTotp,
  regenerateBackupCodes,
  revokeAccountSession,
  revokeAllAccountSessions,
  revokeOtherAccountSessions,
  setAccountPassword,
  startTotpEnrolment,
} from '../../../server/domains/auth/account-security.ts';
import type { Viewer } from '../../../server/domains/auth/auth-service.ts';
import { startIdentityLink, unlinkIdentity } from '../../../server/domains/auth/identities.ts';
import { deletePasskey } from '../../../server/domains/auth/passkeys.ts';
import { AppError } from '../../../server/http/errors.ts';
import type { AppServices } from '../../../server/services.ts';
import { authFailure, cookieHeaders, formFailure, parseForm } from './actions.server.ts';

export type SecurityIntent =
  | 'revoke-session'
  | 'revoke-others'
  | 'revoke-all'
  | 'totp-start'
  | 'totp-confirm'
  | 'totp-disable'
  | 'backup-codes'
  | 'change-password'
  | 'set-password'
  | 'link-identity'
  | 'unlink-identity'
  | 'delete-passkey';

/** Where linking comes back to: this page, saying which provider it was (ADR 143). */
const SECURITY_PAGE = '/profile/security';

/**
 * The account label inside the QR code. better-auth labels it with the account's email, which for a
 * phone account is a placeholder nobody should see in their app, so the phone number is shown instead.
 */
function relabel(totpURI: string, viewer: Viewer): string {
  const label = viewer.email ?? viewer.phoneNumber;
  if (!label) return totpURI;
  const url = new URL(totpURI);
  return `otpauth://totp/${encodeURIComponent('Privy')}:${encodeURIComponent(label)}${url.search}`;
}

/** The secret as people type it into an app by hand: groups of four. */
function readableSecret(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

const ok = <T extends Record<string, unknown>>(intent: SecurityIntent, extra: T, cookies: string[] = []) =>
  data({ ok: true as const, intent, ...extra }, { headers: cookieHeaders(cookies) });

/** Every change made on /profile/security. The caller has already checked the viewer and origin. */
export async function handleSecurityAction(
  services: AppServices,
  viewer: Viewer,
  request: Request,
  intent: string,
  values: Record<string, string>,
) {
  const headers = request.headers;
  switch (intent) {
    case 'revoke-session': {
      const parsed = parseForm(sessionIdSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const result = await revokeAccountSession(services, viewer, parsed.data.session_id, headers);
      if (!result)
        return formFailure({ message: 'That device is already signed out.', fields: {} }, 404, { intent });
      if (result.wasCurrent) throw redirect('/login');
      return ok(intent, {});
    }
    case 'revoke-others': {
      await revokeOtherAccountSessions(services, headers);
      return ok(intent, {});
    }
    case 'revoke-all': {
      const cookies = await revokeAllAccountSessions(services, headers);
      throw redirect('/login', { headers: cookieHeaders(cookies) });
    }
    case 'totp-start': {
      const parsed = parseForm(passwordConfirmSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await startTotpEnrolment(services, parsed.data.password, headers);
      if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
      const uri = relabel(outcome.data.totpURI, viewer);
      const qrDataUrl = await QRCode.toDataURL(uri, { margin: 1, width: 232, errorCorrectionLevel: 'M' });
      return ok(intent, { qrDataUrl, secret: readableSecret(uri), backupCodes: outcome.data.backupCodes });
    }
    case 'totp-confirm': {
      const parsed = parseForm(codeOnlySchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await confirmTotpEnrolment(services, parsed.data.code, headers);
      if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
      // better-auth replaces the session when the second factor goes on: pass its cookie along.
      return ok(intent, {}, outcome.cookies);
    }
    case 'totp-disable': {
      const parsed = parseForm(passwordConfirmSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await disableTotp(services, parsed.data.password, headers);
      if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
      return ok(intent, {}, outcome.cookies);
    }
    case 'backup-codes': {
      const parsed = parseForm(passwordConfirmSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await regenerateBackupCodes(services, parsed.data.password, headers);
      if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
      return ok(intent, { backupCodes: outcome.data.backupCodes });
    }
    case 'change-password': {
      const parsed = parseForm(changePasswordSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await changeAccountPassword(
        services,
        {
          currentPassword: parsed.data.current_password,
          newPassword: parsed.data.password,
          signOutOthers: parsed.data.sign_out_others,
        },
        headers,
      );
      // better-auth says "password" for the current one; the form calls that field current_password.
      if (!outcome.ok) {
        const wrongCurrent = outcome.failure.authCode === 'INVALID_PASSWORD';
        return authFailure(outcome.failure, wrongCurrent ? { password: 'current_password' } : {}, { intent });
      }
      return ok(intent, { signedOutOthers: parsed.data.sign_out_others }, outcome.cookies);
    }
    case 'set-password': {
      const parsed = parseForm(setPasswordSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await setAccountPassword(services, parsed.data.password, headers);
      if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
      return ok(intent, {});
    }
    case 'link-identity':
    case 'unlink-identity':
      return handleIdentityAction(services, viewer, headers, intent, values).catch((error: unknown) => {
        // The identity errors (spec §8) keep the person signed in and on this page.
        if (!(error instanceof AppError)) throw error;
        const fields = Object.fromEntries((error.fields ?? []).map((field) => [field.field, field.message]));
        return formFailure({ message: error.message, fields }, error.status, { intent, code: error.code });
      });
    case 'delete-passkey': {
      const parsed = parseForm(passkeyIdSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const outcome = await deletePasskey(services, parsed.data.passkey_id, headers);
      if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
      return ok(intent, {});
    }
    default:
      return formFailure({ message: 'Unknown action.', fields: {} }, 400, { intent });
  }
}

async function handleIdentityAction(
  services: AppServices,
  viewer: Viewer,
  headers: Headers,
  intent: 'link-identity' | 'unlink-identity',
  values: Record<string, string>,
) {
  if (intent === 'link-identity') {
    const parsed = parseForm(signInProviderSchema, values);
    if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
    const { provider } = parsed.data;
    const back = `${SECURITY_PAGE}?provider=${provider}`;
    const outcome = await startIdentityLink(services, viewer, provider, headers, back);
    if (!outcome.ok) return authFailure(outcome.failure, {}, { intent });
    throw redirect(outcome.data.url, { headers: cookieHeaders(outcome.cookies) });
  }
  const parsed = parseForm(identityIdSchema, values);
  if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
  await unlinkIdentity(services, viewer, parsed.data.identity_id, headers);
  return ok(intent, {});
}
