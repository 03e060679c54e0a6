import { data } from 'react-router';
import { reauthenticateSchema } from '../../../common/schemas/reauthentication.ts';
import { reauthenticate } from '../../../server/domains/auth/reauthentication.ts';
import { AppError } from '../../../server/http/errors.ts';
import { formFailure, parseForm, readForm, services } from '../../features/auth/actions.server.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/confirm-its-you';

/**
 * "Confirm it's you" (ADR 144): a form on any page posts here; a correct password or code (or a passkey, ADR 146) gives this
 * session 10 minutes for sensitive changes. An action only: there is no page to visit.
 */
/** A passkey's assertion comes as JSON in one form field (passkey-proof.tsx, ADR 146). */
function withPasskey(values: Record<string, string>): Record<string, unknown> {
  if (values.passkey === undefined) return values;
  try {
    return { ...values, passkey: JSON.parse(values.passkey) as unknown };
  } catch {
    return { ...values, passkey: null };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const { values } = await readForm(request);
  const parsed = parseForm(reauthenticateSchema, withPasskey(values));
  if (!parsed.ok) return formFailure(parsed.error);
  try {
    const state = await reauthenticate(services(context), viewer, parsed.data, request.headers);
    return data({ ok: true as const, freshUntil: state.freshUntil });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = Object.fromEntries((error.fields ?? []).map((field) => [field.field, field.message]));
    return formFailure({ message: error.message, fields }, error.status, { code: error.code });
  }
}
