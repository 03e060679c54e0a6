import type { ContactMessageInput } from '../../../common/schemas/contact.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

type ErrorBody = { error?: string; message?: string; fields?: { field: string; message: string }[] };

export type SendResult = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Posts the form to POST /api/email/send and turns any answer into something the form can show. */
export async function sendContactMessage(values: ContactMessageInput): Promise<SendResult> {
  let response: Response;
  try {
    response = await apiFetch('/api/email/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch {
    return {
      ok: false,
      message: 'We could not reach Privy. Check your internet connection and try again.',
      fieldErrors: {},
    };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => null)) as ErrorBody | null;
  const fieldErrors = Object.fromEntries((body?.fields ?? []).map((f) => [f.field, f.message]));
  return {
    ok: false,
    message: body?.message ?? 'Something went wrong on our side. Please try again in a moment.',
    fieldErrors,
  };
}
