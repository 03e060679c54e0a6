import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import type { JsonSchema } from './schema-arbitraries.ts';

/**
 * Every operation a client can call, read from the app's own documents rather than listed by hand,
 * so a new route is fuzzed the day it is added (ADR 104): the OpenAPI document the route schemas
 * produce, and better-auth's endpoint table for /api/auth/* (hidden from that document).
 */

export const METHODS = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export type Operation = {
  source: 'openapi' | 'better-auth';
  method: Method;
  /** The path template, parameters in braces: `/api/bookings/{id}`. */
  path: string;
  /** One object schema each: its properties are the path (or query) parameters. */
  params: JsonSchema;
  query: JsonSchema;
  /** The JSON body's schema; null when the route documents none (it then gets bodies of every kind). */
  body: JsonSchema | null;
};

export const label = (operation: Operation) => `${operation.method} ${operation.path}`;

function parametersSchema(parameters: OpenAPIV3.ParameterObject[], place: 'path' | 'query'): JsonSchema {
  const chosen = parameters.filter((parameter) => parameter.in === place);
  return {
    type: 'object',
    properties: Object.fromEntries(
      chosen.map((parameter) => [parameter.name, (parameter.schema ?? {}) as JsonSchema]),
    ),
    required: chosen
      .filter((parameter) => parameter.required || place === 'path')
      .map((parameter) => parameter.name),
  };
}

/** better-auth's path parameters are plain strings. */
function stringParams(path: string): JsonSchema {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
    required: names,
  };
}

export function operationsFromOpenApi(document: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method.toLowerCase() as Lowercase<Method>];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const requestBody = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const body = (requestBody?.content['application/json']?.schema ?? null) as JsonSchema | null;
      operations.push({
        source: 'openapi',
        method,
        path,
        params: parametersSchema(parameters, 'path'),
        query: parametersSchema(parameters, 'query'),
        body,
      });
    }
  }
  return operations;
}

type BetterAuthEndpoint = {
  path?: string;
  options?: {
    method?: string | string[];
    body?: z.ZodType;
    query?: z.ZodType;
    metadata?: { SERVER_ONLY?: boolean };
  };
};

function toJsonSchema(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** better-auth's endpoints that answer over HTTP, under the app's /api/auth base path. */
export function operationsFromBetterAuth(api: Record<string, unknown>, basePath = '/api/auth'): Operation[] {
  const operations: Operation[] = [];
  for (const endpoint of Object.values(api) as BetterAuthEndpoint[]) {
    const options = endpoint.options;
    if (!endpoint.path || !options || options.metadata?.SERVER_ONLY) continue;
    const path = basePath + endpoint.path.replace(/:(\w+)/g, '{$1}');
    const methods = [options.method ?? 'GET']
      .flat()
      .filter((method): method is Method => (METHODS as readonly string[]).includes(method));
    const query = toJsonSchema(options.query) ?? { type: 'object', properties: {} };
    for (const method of methods) {
      const body =
        method === 'GET' ? null : (toJsonSchema(options.body) ?? { type: 'object', properties: {} });
      operations.push({ source: 'better-auth', method, path, params: stringParams(path), query, body });
    }
  }
  return operations;
}

/**
 * Reads first, writes next, deletions last: the scene's rows are still there for every route that
 * only looks at them, and a deleted listing does not hide the routes after it behind a 404.
 */
export function inFuzzOrder(operations: Operation[]): Operation[] {
  const rank = (operation: Operation) => METHODS.indexOf(operation.method);
  return [...operations].sort((a, b) => rank(a) - rank(b));
}
