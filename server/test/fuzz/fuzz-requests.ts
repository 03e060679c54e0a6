import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { HOSTILE_JSON_BODIES } from './hostile-values.ts';
import type { Operation } from './operations.ts';
import {
  boundaryValue,
  hostileValue,
  type JsonSchema,
  plainValue,
  RawUrlText,
  type ValueHints,
  validValue,
} from './schema-arbitraries.ts';

/**
 * One generated request per draw: path parameters, query and body, each drawn from the operation's
 * schemas (ADR 104). Most requests are valid but for one field, so the hostile value meets the code
 * behind the checks of every other field rather than the first refusal.
 */

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string | Buffer };

export type FuzzRequest = {
  mode: 'valid' | 'boundary' | 'hostile' | 'chaos';
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
};

type Part = 'params' | 'query' | 'body';
type NodePath = { part: Part; keys: (string | number)[]; schema: JsonSchema };

const MULTIPART_BOUNDARY = 'privyfuzzboundary';
/** A 1×1 PNG: a real image, too small for any listing. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(
  fields: { name: string; filename?: string; type?: string; data: Buffer | string }[],
): Body {
  const chunks: Buffer[] = [];
  for (const field of fields) {
    const disposition = field.filename
      ? `form-data; name="${field.name}"; filename="${field.filename}"`
      : `form-data; name="${field.name}"`;
    const type = field.type ? `\r\nContent-Type: ${field.type}` : '';
    chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(field.data) ? field.data : Buffer.from(field.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return {
    kind: 'raw',
    contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
    payload: Buffer.concat(chunks),
  };
}

/** Bodies for routes that document none: uploads, webhooks, body-less actions. */
export const UNDOCUMENTED_BODIES: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  fc.constant<Body>({ kind: 'json', value: {} }),
  fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value })),
  fc.constantFrom(
    multipart([{ name: 'file', filename: 'photo.png', type: 'image/png', data: TINY_PNG }]),
    multipart([{ name: 'file', filename: 'a\u0000b.png', type: 'image/png', data: TINY_PNG }]),
    multipart([
      { name: 'file', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('not an image \u0000') },
    ]),
    multipart([{ name: 'file', filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }]),
    multipart([{ name: 'other', data: 'a\u0000b' }]),
    multipart([]),
  ),
);

export const RAW_BODIES: fc.Arbitrary<Body> = fc.oneof(
  fc
    .constantFrom(...HOSTILE_JSON_BODIES)
    .map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
  fc.constantFrom<Body>(
    { kind: 'raw', contentType: 'text/plain', payload: 'a\u0000b' },
    { kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'a=%00' },
    { kind: 'raw', contentType: 'application/json', payload: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}` },
  ),
);

/** Every node of a schema a field mutation may replace: the parameters, and the body down to a depth. */
function nodePaths(schema: JsonSchema | null, part: Part, keys: (string | number)[] = []): NodePath[] {
  if (!schema) return [];
  const here: NodePath[] = keys.length ? [{ part, keys, schema }] : [];
  if (keys.length >= 4) return here;
  const children: NodePath[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    children.push(...nodePaths(child, part, [...keys, key]));
  }
  if (schema.items) children.push(...nodePaths(schema.items, part, [...keys, 0]));
  for (const choice of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const [key, child] of Object.entries(choice.properties ?? {})) {
      children.push(...nodePaths(child, part, [...keys, key]));
    }
  }
  // The whole body is a node too: replacing it tests what a route does with `null` or `[]`.
  if (part === 'body' && !keys.length) here.push({ part, keys: [], schema });
  return [...here, ...children];
}

/** The name that says which real rows fit a path parameter: `photoId`, or the segment before `{id}`. */
export function hintName(path: string, param: string): string {
  if (param !== 'id') return param;
  const segments = path.split('/');
  const at = segments.indexOf('{id}');
  return at > 0 ? (segments[at - 1] as string) : param;
}

function validParams(operation: Operation, hints: ValueHints): fc.Arbitrary<Record<string, unknown>> {
  const properties = operation.params.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      validValue(schema, hintName(operation.path, name), hints),
    ]),
  );
  return fc.record(model) as fc.Arbitrary<Record<string, unknown>>;
}

function validBody(operation: Operation, hints: ValueHints): fc.Arbitrary<Body> {
  if (!operation.body)
    return operation.method === 'GET' ? fc.constant({ kind: 'none' }) : UNDOCUMENTED_BODIES;
  return validValue(operation.body, 'body', hints).map((value): Body => ({ kind: 'json', value }));
}

function setAt(target: unknown, keys: (string | number)[], value: unknown): unknown {
  if (!keys.length) return value;
  const [key, ...rest] = keys as [string | number, ...(string | number)[]];
  const container: Record<string | number, unknown> | unknown[] =
    typeof key === 'number'
      ? Array.isArray(target)
        ? [...target]
        : []
      : target && typeof target === 'object' && !Array.isArray(target)
        ? { ...(target as Record<string, unknown>) }
        : {};
  const slots = container as Record<string | number, unknown>;
  slots[key] = setAt(slots[key], rest, value);
  return container;
}

function mutate(request: FuzzRequest, node: NodePath, value: unknown): FuzzRequest {
  if (node.part === 'body') {
    const current = request.body.kind === 'json' ? request.body.value : undefined;
    return { ...request, body: { kind: 'json', value: setAt(current, node.keys, value) } };
  }
  return { ...request, [node.part]: setAt(request[node.part], node.keys, value) as Record<string, unknown> };
}

/** Requests for one operation: valid, one field at or past its edge, one field hostile, or anything. */
export function requestArbitrary(operation: Operation, hints: ValueHints): fc.Arbitrary<FuzzRequest> {
  const valid = fc.record({
    mode: fc.constant<FuzzRequest['mode']>('valid'),
    params: validParams(operation, hints),
    query: validValue(operation.query, 'query', hints) as fc.Arbitrary<Record<string, unknown>>,
    body: validBody(operation, hints),
  });
  const nodes = [
    ...nodePaths(operation.params, 'params'),
    ...nodePaths(operation.query, 'query'),
    ...nodePaths(operation.body, 'body'),
  ];
  const oneField = (mode: 'boundary' | 'hostile') =>
    nodes.length
      ? fc
          .tuple(valid, fc.constantFrom(...nodes))
          .chain(([request, node]) =>
            (mode === 'boundary'
              ? boundaryValue(node.schema, hints)
              : hostileValue(node.part !== 'body')
            ).map((value) => ({ ...mutate(request, node, value), mode })),
          )
      : valid;
  const anyField = (schema: JsonSchema, name: string, inUrl: boolean) =>
    fc.oneof(validValue(schema, name, hints), boundaryValue(schema, hints), hostileValue(inUrl));
  const fields = (schema: JsonSchema, inUrl: boolean, named: (name: string) => string) =>
    fc.record(
      Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, child]) => [
          name,
          anyField(child, named(name), inUrl),
        ]),
      ),
      { requiredKeys: [] },
    );
  const chaos = fc.record({
    mode: fc.constant<FuzzRequest['mode']>('chaos'),
    params: fields(operation.params, true, (name) => hintName(operation.path, name)),
    query: fc
      .tuple(
        fields(operation.query, true, (name) => name),
        fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'x', 'q'), hostileValue(true), {
          maxKeys: 2,
        }),
      )
      .map(([known, extra]) => ({ ...extra, ...known })),
    body:
      operation.method === 'GET'
        ? fc.constant<Body>({ kind: 'none' })
        : fc.oneof(validBody(operation, hints), RAW_BODIES, UNDOCUMENTED_BODIES),
  });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: oneField('boundary') },
    { weight: 4, arbitrary: oneField('hostile') },
    { weight: 1, arbitrary: chaos },
  );
}

/** The plainest valid request: the first real id for each path parameter, every optional field set. */
export function plainRequest(operation: Operation, hints: ValueHints): FuzzRequest {
  const params = Object.fromEntries(
    Object.entries(operation.params.properties ?? {}).map(([name, schema]) => [
      name,
      plainValue(schema, hintName(operation.path, name), hints),
    ]),
  );
  const body: Body = operation.body
    ? { kind: 'json', value: plainValue(operation.body, 'body', hints) }
    : operation.method === 'GET'
      ? { kind: 'none' }
      : { kind: 'json', value: {} };
  return {
    mode: 'valid',
    params,
    query: plainValue(operation.query, 'query', hints) as Record<string, unknown>,
    body,
  };
}

/** The plain request once for every combination of real ids in its path parameters (at most 12). */
export function seededRequests(operation: Operation, hints: ValueHints): FuzzRequest[] {
  const base = plainRequest(operation, hints);
  let combinations: Record<string, unknown>[] = [{}];
  for (const name of Object.keys(operation.params.properties ?? {})) {
    const ids = hints.idsFor(hintName(operation.path, name));
    combinations = combinations.flatMap((params) => ids.map((id) => ({ ...params, [name]: id })));
  }
  return combinations.slice(0, 12).map((params) => ({ ...base, params }));
}

/** The fixed list every field meets once in the sweep, whatever the random draws pick. */
const SWEEP_TEXT: readonly unknown[] = ['a\u0000b', 'a\u0001b\u007f\u0085', 'lone \ud800'];
/**
 * Years outside PostgreSQL's range and ours. Swept through our own routes only: better-auth takes
 * no dates, and each of its fields would cost a password hash per value (its fields still meet
 * these in the random requests).
 */
const SWEEP_TIMES: readonly unknown[] = ['9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '0000-01-01'];
const SWEEP_URL_VALUES: readonly unknown[] = [new RawUrlText('%00'), new RawUrlText('%FF')];

/**
 * Each field of one valid request replaced, in turn, by each sweep value: a request per field and
 * value, so no field is left to chance.
 */
export function sweepRequests(operation: Operation, hints: ValueHints): FuzzRequest[] {
  const base = plainRequest(operation, hints);
  const nodes = [
    ...nodePaths(operation.params, 'params'),
    ...nodePaths(operation.query, 'query'),
    ...nodePaths(operation.body, 'body'),
  ];
  return nodes.flatMap((node) =>
    [
      ...SWEEP_TEXT,
      ...(operation.source === 'openapi' ? SWEEP_TIMES : []),
      ...(node.part === 'body' ? [] : SWEEP_URL_VALUES),
    ].map((value) => mutate(base, node, value)),
  );
}

// ---- From a generated request to app.inject ----

/** Percent-encodes any JS string, lone surrogates included (as the WTF-8 bytes a sloppy client sends). */
export function encodeUrlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

function urlText(value: unknown): string {
  if (value instanceof RawUrlText) return value.raw;
  if (typeof value === 'string') return encodeUrlText(value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return encodeUrlText(JSON.stringify(value));
  return encodeUrlText(String(value));
}

export function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = request.params[name];
    // The upload wildcard is a path of its own: keep its slashes.
    return name === '*' && typeof value === 'string'
      ? value.split('/').map(encodeUrlText).join('/')
      : urlText(value);
  });
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeUrlText(key)}=${urlText(item)}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

export function injectOptions(
  operation: Operation,
  request: FuzzRequest,
  headers: Record<string, string>,
  remoteAddress: string,
): InjectOptions {
  const { body } = request;
  const payload =
    body.kind === 'json'
      ? {
          payload: JSON.stringify(body.value) ?? 'null',
          headers: { ...headers, 'content-type': 'application/json' },
        }
      : body.kind === 'raw'
        ? { payload: body.payload, headers: { ...headers, 'content-type': body.contentType } }
        : { headers };
  return { method: operation.method, url: urlOf(operation, request), remoteAddress, ...payload };
}

/** A short, printable account of a request for a failure report. */
export function describeRequest(options: InjectOptions): string {
  const payload = options.payload;
  const text = Buffer.isBuffer(payload)
    ? `<${payload.length} bytes>`
    : typeof payload === 'string'
      ? payload
      : '';
  const shown = text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  const url = String(options.url);
  return `${options.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url} ${JSON.stringify(shown)}`;
}
