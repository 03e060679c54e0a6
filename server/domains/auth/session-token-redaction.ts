/**
 * better-auth puts the raw session token (the secret behind the HttpOnly cookie) in several JSON
 * answers: `/list-sessions`, `/get-session`, `/admin/list-user-sessions`, and `{token, user}` after a
 * sign-in, sign-up or second factor. JavaScript on our pages never needs it (sessions are listed
 * and revoked by id through /api/account/sessions), and a script that could read it could carry the
 * session elsewhere, so every answer is stripped of it (ADR 105).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A session record as better-auth returns it: its id, owner, expiry and token. */
const isSessionRecord = (value: unknown): value is Json =>
  isObject(value) && 'token' in value && 'userId' in value && 'expiresAt' in value;

function withoutToken(record: Json): Json {
  const { token: _secret, ...rest } = record;
  return rest;
}

/** The same answer without session tokens; the very same value when it held none. */
export function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.some(isSessionRecord)
      ? value.map((item) => (isSessionRecord(item) ? withoutToken(item) : item))
      : value;
  }
  if (!isObject(value)) return value;
  let result = value;
  const replace = (key: string, next: unknown) => {
    if (result === value) result = { ...value };
    result[key] = next;
  };
  if (isSessionRecord(value.session)) replace('session', withoutToken(value.session));
  if (Array.isArray(value.sessions)) {
    const sessions = withoutSessionTokens(value.sessions);
    if (sessions !== value.sessions) replace('sessions', sessions);
  }
  // A sign-in's `{token, user}`: the token is the new session's.
  if (typeof value.token === 'string' && isObject(value.user)) {
    result = withoutToken(result === value ? { ...value } : result);
  }
  return result;
}
