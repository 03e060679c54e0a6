import { data } from 'react-router';
import { emailChangeSchema } from '../../../common/schemas/email-change.ts';
import type { Viewer } from '../../../server/domains/auth/auth-service.ts';
import { cancelEmailChange, startEmailChange } from '../../../server/domains/auth/email-change.ts';
import { AppError } from '../../../server/http/errors.ts';
import type { AppServices } from '../../../server/services.ts';
import { formFailure, parseForm } from './actions.server.ts';

export type EmailChangeIntent = 'change-email' | 'cancel-email-change';

/**
 * The email change on /profile (ADR 145). The caller has already checked the viewer and origin; a
 * refusal for want of a recent proof carries its code, so the card asks "Confirm it's you" (ADR 144).
 */
export async function handleEmailChangeAction(
  services: AppServices,
  viewer: Viewer,
  request: Request,
  intent: string,
  values: Record<string, string>,
) {
  try {
    if (intent === 'change-email') {
      const parsed = parseForm(emailChangeSchema, values);
      if (!parsed.ok) return formFailure(parsed.error, 400, { intent });
      const pending = await startEmailChange(services, viewer, parsed.data, request.headers);
      return data({ ok: true as const, intent, pending });
    }
    if (intent === 'cancel-email-change') {
      return data({ ok: true as const, intent, ...(await cancelEmailChange(services, viewer)) });
    }
    return formFailure({ message: 'Unknown action.', fields: {} }, 400, { intent });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = Object.fromEntries((error.fields ?? []).map((field) => [field.field, field.message]));
    return formFailure({ message: error.message, fields }, error.status, { intent, code: error.code });
  }
}
