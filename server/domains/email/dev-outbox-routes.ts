import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singleLineText } from '../../../common/schemas/text.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';

const channelSchema = z.enum(['email', 'sms']);

const summarySchema = z.strictObject({
  id: z.uuid(),
  channel: channelSchema,
  to: z.string(),
  subject: z.string(),
  created_at: z.iso.datetime(),
});

const messageSchema = summarySchema.extend({ html: z.string().nullable(), text: z.string() });

const listQuerySchema = z.strictObject({
  to: singleLineText().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const toIso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /api/dev/outbox and /api/dev/outbox/:id: the dev outbox as JSON, for tests and tools (ADR 041).
 * Registered only outside production; anyone who can reach a dev server may read it.
 */
export async function devOutboxRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages in the dev outbox, newest first (not in production)',
        querystring: listQuerySchema,
        response: { 200: z.strictObject({ messages: z.array(summarySchema) }) },
      },
    },
    async (request) => {
      const rows = await services.email.outbox.list({
        recipient: request.query.to,
        limit: request.query.limit,
      });
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          created_at: toIso(row.created_at),
        })),
      };
    },
  );

  api.get(
    '/api/dev/outbox/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'One message of the dev outbox, with its HTML and text versions (not in production)',
        params: z.strictObject({ id: z.uuid('The message id must be a UUID.') }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const row = await services.email.outbox.find(request.params.id);
      if (!row) throw new AppError('not_found', 'There is no message with this id in the outbox.');
      return {
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        created_at: toIso(row.created_at),
        html: row.html,
        text: row.text,
      };
    },
  );
}
