import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/connection-errors.ts';

/**
 * One catalogue of the error codes our own endpoints answer with. Clients switch on `code`;
 * `message` is written for people.
 */
export const ERROR_CODES = {
  validation_error: 400,
  malformed_json: 400,
  webhook_signature_invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  cross_site_request: 403,
  account_disabled: 403,
  account_under_review: 403,
  // A sensitive change without a recent proof of identity (ADR 144).
  reauthentication_needed: 403,
  not_found: 404,
  conflict: 409,
  // Linked sign-in methods (spec §8): kept without signing anybody out.
  identity_already_exists: 409,
  identity_not_found: 404,
  single_identity_not_deletable: 422,
  // Links we email (an email change's undo, ADR 145): unknown or altered, already used, too old.
  link_invalid: 400,
  link_used: 410,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  payment_provider_error: 502,
  service_unavailable: 503,
  // Text messages (ADR 142): none can be sent here (no provider in production), or the provider
  // failed or could not be reached.
  sms_unavailable: 403,
  sms_delivery_failed: 503,
} as const;

/** What a client is told while the database is unreachable; it comes back by itself (ADR 107). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Privy cannot reach its database right now. Please try again in a moment.';
/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

export type ErrorCode = keyof typeof ERROR_CODES;

export type FieldError = { field: string; message: string };

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, fields?: FieldError[]) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.fields = fields;
  }
}

export type ErrorBody = { error: ErrorCode; message: string; fields?: FieldError[] };

/**
 * A schema's refusal of input that did not come through a route's own validation (a socket
 * request, ADR 149), named field by field as the routes' 400s are.
 */
export function invalidInput(error: {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}) {
  const fields = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  const first = fields[0];
  return new AppError(
    'validation_error',
    first ? `${first.field}: ${first.message}` : 'Invalid request',
    fields,
  );
}

function fieldPath(instancePath: string, missing?: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missing === 'string') parts.push(missing);
  return parts.join('.');
}

/** Maps whatever a handler threw to one JSON shape; only genuine bugs become a 500. */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
  }
  if (isConnectionError(error)) {
    return { status: 503, body: { error: 'service_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const fields = fastifyError.validation.map((issue) => {
      const params = issue.params as { keys?: string[] };
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? params.keys : undefined;
      const base = fieldPath(issue.instancePath);
      const field = unknownKeys?.length ? [base, unknownKeys[0]].filter(Boolean).join('.') : base;
      const message = unknownKeys?.length ? `Unknown field: ${unknownKeys.join(', ')}` : issue.message;
      return {
        field: field || fastifyError.validationContext || 'body',
        message: message ?? 'Invalid value',
      };
    });
    const first = fields[0];
    return {
      status: 400,
      body: {
        error: 'validation_error',
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        fields,
      },
    };
  }
  const code = fastifyError.code;
  const status = fastifyError.statusCode;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fastifyError instanceof SyntaxError && status === 400)) {
    return { status: 400, body: { error: 'malformed_json', message: 'The request body is not valid JSON.' } };
  }
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, body: { error: 'malformed_json', message: 'The request body is empty.' } };
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return { status: 413, body: { error: 'payload_too_large', message: 'The request body is too large.' } };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return {
      status: 415,
      body: { error: 'unsupported_media_type', message: 'This content type is not accepted here.' },
    };
  }
  if (status === 429) {
    return {
      status: 429,
      body: { error: 'rate_limited', message: 'Too many requests. Please wait a moment.' },
    };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { error: status === 404 ? 'not_found' : 'validation_error', message: fastifyError.message },
    };
  }
  return { status: 500, body: { error: 'internal_error', message: 'Something went wrong on our side.' } };
}

export type ErrorHandlerOptions = {
  /** Told of every failure, so a lost database is noticed by the first request that meets it. */
  onError?: (error: unknown) => void;
};

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error);
    options.onError?.(error);
    if (status === 503) {
      // Expected while the database is away: one line, no stack, and a hint for the client.
      request.log.warn({ reason: (error as Error).message }, 'request failed: service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url}` });
  });
}
