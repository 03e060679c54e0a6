/**
 * The values an attacker or a broken client sends, whatever a field's schema says (ADR 104). Kept
 * apart from the generators so the list reads as the threat model it is.
 */

/** Text PostgreSQL refuses, or that must never reach a header, a log line or a page unescaped. */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'a\u0001b\u001b[31m',
  'line\u000bfeed\u000c',
  'del\u007f',
  'c1\u0085\u009b',
  'lone \ud800 high',
  'lone \udfff low',
  'cut pair \ud83d',
  'bidi \u202e gnp.exe',
  '\ufeff\u200b',
  "' OR '1'='1",
  "'); drop table users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // A template-injection probe, written as plain text on purpose.
  ['$', '{7*7}{{7*7}}'].join(''),
  '../../../../etc/passwd',
  '%00%s%n',
  'a'.repeat(100_000),
];

/** Instants outside PostgreSQL's range, at the edges of ours (2000–2100), or not in any calendar. */
export const HOSTILE_TIMESTAMPS: readonly string[] = [
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '1969-12-31T23:59:59Z',
  '1999-12-31T23:59:59Z',
  '2000-01-01T00:00:00Z',
  '2100-12-31T23:45:00Z',
  '2101-01-01T00:00:00Z',
  '2027-02-30T10:00:00Z',
  '2027-03-14T15:00:00+14:00',
  '2027-03-14T15:00:00.123456789Z',
];

export const HOSTILE_DATES: readonly string[] = [
  '0000-01-01',
  '9999-12-31',
  '1900-01-01',
  '2101-01-01',
  '2027-02-29',
  '2028-02-29',
];

/** Numbers JSON can carry that no field here means. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  0.5,
  -0,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
];

/** Nested this deep, a JSON value trips recursive parsers and PostgreSQL's jsonb depth limit. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 ? { deeper: value } : [value];
  return value;
}

/** The same as JSON text, built without recursion so it can go deeper than JSON.stringify. */
export function deeplyNestedJson(depth: number): string {
  let open = '';
  let close = '';
  for (let level = depth - 1; level >= 0; level--) {
    open += level % 2 ? '{"deeper":' : '[';
    close = (level % 2 ? '}' : ']') + close;
  }
  return `${open}"bottom"${close}`;
}

/** Values of the wrong type for any field. `__proto__` is an own key here, as JSON.parse makes it. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  42,
  '42',
  [],
  {},
  ['a\u0000b'],
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  deeplyNested(64),
];

/**
 * Raw (already percent-encoded) text for a query value or a path segment: NUL, bytes that are not
 * UTF-8 (an overlong NUL, an encoded surrogate, a lone continuation byte), broken escapes, traversal.
 */
export const HOSTILE_RAW_URL_PARTS: readonly string[] = [
  '%00',
  'a%00b',
  '%01',
  '%7F',
  '%C2%85',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%',
  '%zz',
  '..',
  '%2e%2e%2f%2e%2e',
  '%2F',
  '%20',
  'a'.repeat(3000),
];

/** Whole JSON bodies that are not the object any route takes, or not JSON at all. */
export const HOSTILE_JSON_BODIES: readonly string[] = [
  'null',
  '[]',
  '"a\\u0000b"',
  '0',
  '{"a":',
  '{"a":1,"a":2}',
  '\u0000',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  deeplyNestedJson(100_000),
];
