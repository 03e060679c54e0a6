import fc from 'fast-check';
import {
  HOSTILE_DATES,
  HOSTILE_NUMBERS,
  HOSTILE_RAW_URL_PARTS,
  HOSTILE_STRINGS,
  HOSTILE_TIMESTAMPS,
  WRONG_TYPES,
} from './hostile-values.ts';

/**
 * fast-check arbitraries read from a JSON schema (the subset the OpenAPI document and better-auth's
 * zod schemas produce): values the schema allows, values at and past its edges, and hostile values
 * for any field whatever its type (ADR 104).
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  default?: unknown;
};

/** Text to put in a URL exactly as written (already percent-encoded, possibly broken on purpose). */
export class RawUrlText {
  readonly raw: string;
  constructor(raw: string) {
    this.raw = raw;
  }
}

/** Real values the generators prefer for some fields, so valid requests reach past the 404 and 401. */
export type ValueHints = {
  /** Ids of real rows for a field or path segment name (`id` after `bookings`, `photoId`, `bathroomId`…). */
  idsFor: (name: string) => readonly string[];
  /** Every seeded id, to try in the wrong place. */
  allIds: readonly string[];
  emails: readonly string[];
  password: string;
};

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;

/** A quarter-hour start in the coming month: the instants bookings and blackouts take. */
const nearInstant = fc
  .integer({ min: 0, max: 30 * 96 })
  .map((quarters) => new Date(Math.ceil(Date.now() / QUARTER_MS) * QUARTER_MS + quarters * QUARTER_MS));
const nearDate = fc
  .integer({ min: -3, max: 60 })
  .map((days) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10));

const SAMPLE_TEXT = [
  'Bright bathroom',
  'Zürich Straße 5',
  '東京 駅前',
  'Café ☕ 😀',
  'مرحبا',
  'O’Brien-Smith',
];

function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = [schema, ...schema.allOf.map(mergeAllOf)];
  return {
    ...Object.assign({}, ...parts),
    allOf: undefined,
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type as string;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function patternArbitrary(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    return null;
  }
}

function nameHint(name: string, hints: ValueHints): fc.Arbitrary<unknown> | null {
  const ids = hints.idsFor(name);
  if (ids.length) return fc.constantFrom(...ids);
  const lower = name.toLowerCase();
  if (lower === 'email' || lower === 'newemail') {
    return fc.oneof(fc.constantFrom(...hints.emails), fc.emailAddress());
  }
  if (lower.includes('password')) return fc.constantFrom(hints.password, 'a fine password', 'x');
  if (lower === 'phone' || lower === 'phonenumber') return fc.constantFrom('+15125550123', '(512) 555-0199');
  if (lower === 'code' || lower === 'otp') return fc.stringMatching(/^\d{6}$/);
  if (lower === 'lat' || lower === 'latitude') return fc.double({ min: 30, max: 41, noNaN: true });
  if (lower === 'lng' || lower === 'lon' || lower === 'longitude') {
    return fc.double({ min: -98, max: -73, noNaN: true });
  }
  if (lower.includes('duration')) return fc.constantFrom(15, 30, 45, 60, 90, 120);
  if (lower.endsWith('url')) return fc.constantFrom('/', '/dashboard', 'http://localhost:3000/x');
  return null;
}

/** Values the schema allows (and that a sensible client would send). */
export function validValue(
  input: JsonSchema,
  name: string,
  hints: ValueHints,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(input);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValue(choice, name, hints, depth)));
  const hinted = typeOf(schema) !== 'object' && typeOf(schema) !== 'array' ? nameHint(name, hints) : null;
  if (hinted) return hinted;
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -1_000_000);
      const max = Math.min(schema.maximum ?? 1000, 1_000_000);
      return fc.oneof(fc.constantFrom(Math.max(min, Math.min(max, 1))), fc.integer({ min, max }));
    }
    case 'number': {
      const min = Math.max(schema.minimum ?? -1000, -1_000_000);
      const max = Math.min(schema.maximum ?? 1000, 1_000_000);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const items = validValue(schema.items ?? {}, name, hints, depth + 1);
      const minLength = schema.minItems ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validValue(value, key, hints, depth + 1)]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return nearInstant.map((instant) => instant.toISOString());
    case 'date':
      return nearDate;
  }
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return nearDate;
  const fromPattern = schema.pattern ? patternArbitrary(schema.pattern) : null;
  if (fromPattern) return fromPattern;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const samples = SAMPLE_TEXT.filter((text) => text.length >= minLength && text.length <= maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    ...(samples.length ? [{ weight: 1, arbitrary: fc.constantFrom(...samples) }] : []),
  );
}

/**
 * The plainest value the schema allows, every optional property present: the base a field sweep
 * changes one field of, so that field is the only thing wrong with the request.
 */
export function plainValue(input: JsonSchema, name: string, hints: ValueHints, depth = 0): unknown {
  const schema = mergeAllOf(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.[0]) return plainValue(choices[0], name, hints, depth);
  const type = typeOf(schema);
  if (type !== 'object' && type !== 'array') {
    const hinted = nameHint(name, hints);
    if (hinted) return fc.sample(hinted, { numRuns: 1, seed: 1 })[0];
  }
  switch (type) {
    case 'string': {
      if (schema.format || schema.pattern) return fc.sample(validString(schema), { numRuns: 1, seed: 1 })[0];
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 100;
      const text = 'Plain text'.padEnd(min, '.');
      return text.length > max ? 'a'.repeat(Math.max(1, min)).slice(0, max) : text;
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return depth > 4 || schema.maxItems === 0
        ? []
        : [plainValue(schema.items ?? {}, name, hints, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          plainValue(value, key, hints, depth + 1),
        ]),
      );
    default:
      return 'plain';
  }
}

/** Values at and just past the schema's edges: empty, max length, max + 1, far numbers and dates. */
export function boundaryValue(input: JsonSchema, hints: ValueHints): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(input);
  switch (typeOf(schema)) {
    case 'string': {
      const max = schema.maxLength ?? 255;
      const min = schema.minLength ?? 1;
      const edges = [
        '',
        ' ',
        '  padded  ',
        'a',
        'a'.repeat(max),
        'a'.repeat(max + 1),
        'a'.repeat(Math.max(0, min - 1)),
      ];
      edges.push('é'.repeat(max), '😀'.repeat(max), 'a'.repeat(10_000));
      const far =
        schema.format === 'date' || schema.pattern?.startsWith('^\\d{4}')
          ? HOSTILE_DATES
          : HOSTILE_TIMESTAMPS;
      const ids = [
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        ...hints.allIds,
      ];
      return fc.constantFrom(...edges, ...far, ...(schema.format === 'uuid' ? ids : []));
    }
    case 'integer':
    case 'number': {
      const values = [...HOSTILE_NUMBERS];
      for (const edge of [schema.minimum, schema.maximum]) {
        if (edge !== undefined) values.push(edge, edge - 1, edge + 1);
      }
      return fc.constantFrom(...values);
    }
    case 'array': {
      const max = schema.maxItems ?? 50;
      return validValue(schema.items ?? {}, '', hints).chain((item) =>
        fc.constantFrom([], Array(max).fill(item), Array(max + 1).fill(item), Array(10_000).fill(item)),
      );
    }
    case 'object':
      return fc.constantFrom({}, Object.fromEntries((schema.required ?? []).map((key) => [key, ''])));
    default:
      return fc.constantFrom('', 0, false);
  }
}

/** Anything at all for a field: hostile text, wrong types, deep nesting, broken URL escapes. */
export function hostileValue(inUrl: boolean): fc.Arbitrary<unknown> {
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 12 }) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TIMESTAMPS, ...HOSTILE_DATES) },
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  ];
  if (inUrl) {
    choices.push({
      weight: 5,
      arbitrary: fc.constantFrom(...HOSTILE_RAW_URL_PARTS).map((raw) => new RawUrlText(raw)),
    });
  }
  return fc.oneof(...choices);
}
