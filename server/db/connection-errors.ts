/**
 * Errors that mean "the database cannot be reached right now", as opposed to a bad query or a
 * broken constraint: the server answers those with 503 and recovers by itself (ADR 107).
 */

// Socket errors node-postgres passes on from the network.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's own: class 08 (connection exception), 57P01–57P03 (the server is shutting down, has
 * crashed, or is not accepting connections yet), 53300 (too many connections).
 */
const SERVER_CODES = /^(08\d{3}|57P0[123]|53300)$/;

// node-postgres states these in words only.
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|not queryable|Cannot use a pool after calling end/i;

type MaybeDriverError = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as MaybeDriverError;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
  // AggregateError (a host with several addresses) and wrapped causes (better-auth, Kysely).
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}

/** A short, loggable reason: "connect ECONNREFUSED 127.0.0.1:5432", "terminating connection …". */
export function connectionErrorReason(error: unknown): string {
  if (error && typeof error === 'object') {
    const { message, code, errors } = error as MaybeDriverError;
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(errors) && errors.length) return connectionErrorReason(errors[0]);
    if (typeof code === 'string') return code;
  }
  return String(error);
}

/** A connection URL fit for a log line: the password, if any, replaced by ****. */
export function maskDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:****@');
  }
}
