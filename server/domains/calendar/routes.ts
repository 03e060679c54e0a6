import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedStatusSchema,
} from '../../../common/schemas/calendar.ts';
import { singleLineText } from '../../../common/schemas/text.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/**
 * Private calendar feeds (ADR 095). The feed itself is public to whoever holds its secret URL;
 * making, rotating and revoking one is for the bathroom's host (revoking and looking: admins too).
 */
export async function calendarRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // requireViewer answers 401 when signed out and 403 for a disabled or under-review account.
  const actor = async (request: Parameters<typeof toWebHeaders>[0]) => {
    const viewer = await services.auth.requireViewer(toWebHeaders(request));
    return { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
  };
  const tags = ['calendar'];
  const url = '/api/manage/bathrooms/:id/ical';

  api.get(
    url,
    {
      schema: {
        tags,
        summary:
          'Whether a bathroom has a private calendar feed (its host or an admin; the URL is not shown again)',
        params: calendarFeedParamsSchema,
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => services.calendar.status(await actor(request), request.params.id),
  );

  api.post(
    url,
    {
      schema: {
        tags,
        summary:
          'Make the private calendar feed, or give it a new URL (the old one stops working); its host only',
        params: calendarFeedParamsSchema,
        response: { 200: calendarFeedCreatedSchema },
      },
    },
    async (request) => services.calendar.createOrRotate(await actor(request), request.params.id),
  );

  api.delete(
    url,
    {
      schema: {
        tags,
        summary: 'Revoke the private calendar feed: its URL answers 404 from now on (its host or an admin)',
        params: calendarFeedParamsSchema,
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => services.calendar.revoke(await actor(request), request.params.id),
  );

  // "/ical/<token>.ics": the secret is the whole address, so nothing here asks who is calling.
  api.get(
    '/ical/:file',
    { schema: { hide: true, params: z.strictObject({ file: singleLineText().max(100) }) } },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      const body = match?.[1] ? await services.calendar.feed(match[1]) : null;
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
      if (body === null) {
        return reply
          .status(404)
          .send({ error: 'not_found', message: 'There is no such calendar feed. It may have been revoked.' });
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="privy.ics"')
        .send(body);
    },
  );
}
