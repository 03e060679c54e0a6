import { data, type RouterContextProvider, redirect } from 'react-router';
import type { z } from 'zod';
import type { AuthFailure } from '../../../server/domains/auth/auth-outcome.ts';
import type { AppServices } from '../../../server/services.ts';
import { servicesContext } from '../../lib/context.ts';
import { getViewer, takeReturnPath } from '../../lib/guards.server.ts';
import { CONTACT_METHOD_FIELD, type FormError } from './form-error.ts';

/** Server-side helpers shared by the sign-in, sign-up and security route actions. */

export function services(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

/** Fields the page uses for itself: which form step, and the email-or-phone switch. */
const CONTROL_FIELDS = new Set(['intent', CONTACT_METHOD_FIELD]);

/** The submitted fields as strings (files are never expected here), and which step was sent. */
export async function readForm(
  request: Request,
): Promise<{ intent: string; values: Record<string, string> }> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && !CONTROL_FIELDS.has(name)) values[name] = value;
  }
  const intent = form.get('intent');
  return { intent: typeof intent === 'string' ? intent : '', values };
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; error: FormError };

/** Validates with the shared zod schema; problems become per-field messages for the form. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): Parsed<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name =
      issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? 'form') : String(issue.path[0] ?? 'form');
    fields[name] ??=
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Please check the form.';
  const onlyOne = Object.keys(fields).length === 1;
  return { ok: false, error: { message: onlyOne ? first : 'Please fix the highlighted fields.', fields } };
}

/** A failed better-auth call, as the form shows it. `rename` maps a server field to this form's name. */
export function failureToFormError(failure: AuthFailure, rename: Record<string, string> = {}): FormError {
  const fields: Record<string, string> = {};
  for (const field of failure.fields ?? []) fields[rename[field.field] ?? field.field] = field.message;
  return { message: failure.message, fields };
}

export function formFailure(
  error: FormError,
  status = 400,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
) {
  return data({ ok: false as const, error, ...extra }, { status, ...(headers ? { headers } : {}) });
}

/** A refused better-auth call as a form answer, keeping its status (and Retry-After on a 429). */
export function authFailure(
  failure: AuthFailure,
  rename: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined;
  // The page opens "Confirm it's you" on this code (ADR 144).
  const withCode = failure.code === 'reauthentication_needed' ? { ...extra, code: failure.code } : extra;
  return formFailure(failureToFormError(failure, rename), failure.status, withCode, headers);
}

export function cookieHeaders(cookies: Iterable<string>): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return headers;
}

/** Sign-in and sign-up pages are for guests: a signed-in user goes to the dashboard instead. */
export async function redirectSignedIn(request: Request, context: Readonly<RouterContextProvider>) {
  if (await getViewer(request, context)) throw redirect('/dashboard');
}

/**
 * The end of every successful sign-in: the session cookies from better-auth, the saved return path
 * (full path with its query, spec §2) taken from its cookie and the cookie cleared, else /dashboard.
 */
export async function finishSignIn(request: Request, cookies: string[]) {
  const { path, clearCookie } = await takeReturnPath(request);
  const headers = cookieHeaders(cookies);
  headers.append('set-cookie', clearCookie);
  return redirect(path, { headers });
}

const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?privy\.two_factor=/;

/** Whether this browser is half-way through a sign-in, waiting for its second factor. */
export function hasTwoFactorChallenge(request: Request): boolean {
  return TWO_FACTOR_COOKIE.test(request.headers.get('cookie') ?? '');
}
