import { findForbiddenCharacter, forbiddenCharacterMessage } from '../../../common/schemas/text.ts';

/**
 * better-auth's own endpoints (/api/auth/*) are validated by better-auth, not by our zod schemas,
 * and its checks let a NUL byte or a lone surrogate through to SQL (a 500), and a body that is not
 * an object through to its plugins' hooks (another 500). This is the one check our before-hook runs
 * first, on every better-auth call over HTTP or in-process, with the rules of the shared text
 * schema (common/schemas/text.ts, ADR 104): none of better-auth's fields spans lines.
 */

export type UnsafeAuthInput = {
  code: 'INVALID_CHARACTERS' | 'INVALID_BODY' | 'INVALID_URL';
  message: string;
};

/** callbackURL, errorCallbackURL, newUserCallbackURL, redirectTo: where better-auth sends the browser. */
const URL_FIELD = /(url|redirectTo)$/i;

/**
 * better-auth builds redirects from these with `new URL(value)` and leaves checking them to its
 * callers; anything but a path on this site or an http(s) URL threw there (a 500). Which origins
 * are trusted is still better-auth's own check.
 */
function isUrlLike(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

/** Deeper than any better-auth input; a deeper value is refused rather than walked. */
const MAX_DEPTH = 8;

type Pending = { value: unknown; path: string; depth: number };

function describe(path: string, message: string): string {
  return path ? `${path}: ${message}` : message;
}

/** The first problem in a request's body, query or path parameters, or null when there is none. */
export function findUnsafeAuthInput(input: {
  /** The HTTP method when the call came over HTTP; in-process calls have none. */
  method?: string | undefined;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}): UnsafeAuthInput | null {
  const { body } = input;
  // better-auth's client always sends an object; a plugin's hook reads `'phoneNumber' in body`, which
  // throws on a POST that came without one.
  if (input.method === 'POST' && body === undefined) {
    return {
      code: 'INVALID_BODY',
      message: 'Send a JSON object as the request body ({} when there is nothing to send).',
    };
  }
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    return { code: 'INVALID_BODY', message: 'The request body must be a JSON object.' };
  }
  const pending: Pending[] = [
    { value: input.params, path: '', depth: 0 },
    { value: input.query, path: '', depth: 0 },
    { value: body, path: '', depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      const found = findForbiddenCharacter(value, { multiline: false });
      if (found)
        return { code: 'INVALID_CHARACTERS', message: describe(path, forbiddenCharacterMessage(found)) };
      if (URL_FIELD.test(path) && value && !isUrlLike(value)) {
        return { code: 'INVALID_URL', message: describe(path, 'Give a path on this site, like /dashboard.') };
      }
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH)
      return { code: 'INVALID_BODY', message: describe(path, 'This value is nested too deeply.') };
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      const found = findForbiddenCharacter(key, { multiline: false });
      if (found)
        return { code: 'INVALID_CHARACTERS', message: describe(itemPath, forbiddenCharacterMessage(found)) };
      pending.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return null;
}
