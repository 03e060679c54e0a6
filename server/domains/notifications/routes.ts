import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_EMAIL_PREFERENCES, type NotificationType } from '../../../common/notification-types.ts';
import {
  decodeCursor,
  emailPreferencesSchema,
  encodeCursor,
  listNotificationsQuerySchema,
  notificationIdParamsSchema,
  notificationTypeSchema,
} from '../../../common/schemas/notifications.ts';
import { AppError } from '../../http/errors.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { requireViewerOfRequest } from '../auth/request-viewer.ts';
import { perViewerRateLimit } from '../auth/viewer-rate-limit.ts';
import { sampleNotification } from './sample-notification.ts';

const notificationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  notification_type: z.string(),
  message: z.string().nullable(),
  created_at: z.date(),
  viewed: z.boolean(),
  read: z.boolean(),
  meta: z.unknown(),
});

/** Spec §7 notification calls, each only ever touching the caller's own rows. */
export async function notificationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewerId = async (request: Parameters<typeof toWebHeaders>[0]) =>
    (await services.auth.requireViewer(toWebHeaders(request))).userId;

  api.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first (15 by default), with the unviewed count',
        querystring: listNotificationsQuerySchema,
        response: {
          200: z.object({
            notifications: z.array(notificationSchema),
            nextCursor: z.string().nullable(),
            unviewed: z.number(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const userId = await viewerId(request);
      const { limit, before } = request.query;
      const [notifications, unviewed, total] = await Promise.all([
        services.notifications.list(userId, { limit, ...(before ? { before: decodeCursor(before) } : {}) }),
        services.notifications.unviewedCount(userId),
        services.notifications.totalCount(userId),
      ]);
      const last = notifications.at(-1);
      return {
        notifications,
        nextCursor: notifications.length === limit && last ? encodeCursor(last) : null,
        unviewed,
        total,
      };
    },
  );

  api.get(
    '/api/notifications/unviewed-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications you have not seen',
        response: { 200: z.object({ count: z.number() }) },
      },
    },
    async (request) => ({ count: await services.notifications.unviewedCount(await viewerId(request)) }),
  );

  api.post(
    '/api/notifications/mark-all-viewed',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications viewed',
        response: { 200: z.object({ updated: z.number() }) },
      },
    },
    async (request) => ({ updated: await services.notifications.markAllViewed(await viewerId(request)) }),
  );

  api.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read (and viewed)',
        params: notificationIdParamsSchema,
        response: { 200: z.object({ notification: notificationSchema }) },
      },
    },
    async (request) => ({
      notification: await services.notifications.markRead(await viewerId(request), request.params.id),
    }),
  );

  api.delete(
    '/api/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one notification',
        params: notificationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await services.notifications.remove(await viewerId(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/notifications/test',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Send yourself a sample notification of any type (outside production, or admins)',
        body: z.strictObject({ notification_type: notificationTypeSchema }),
      },
      config: perViewerRateLimit(services.auth, { max: 20, timeWindow: '1 minute' }),
    },
    async (request) => {
      const viewer = await requireViewerOfRequest(services.auth, request);
      if (services.config.isProduction && !viewer.profile.is_admin) {
        throw new AppError('forbidden', 'Test notifications are for admins in production.');
      }
      const type = request.body.notification_type as NotificationType;
      const sample = sampleNotification(type, viewer.userId);
      const notification = await services.notifications.notify({ userId: viewer.userId, type, ...sample });
      return { notification };
    },
  );

  api.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which email categories you receive',
        response: { 200: emailPreferencesSchema },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      const saved =
        (viewer.profile as { email_preferences?: Record<string, boolean> }).email_preferences ?? {};
      return { ...DEFAULT_EMAIL_PREFERENCES, ...saved };
    },
  );

  api.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Choose which email categories you receive',
        body: emailPreferencesSchema,
      },
    },
    async (request) => {
      await services.directory.saveEmailPreferences(await viewerId(request), request.body);
      return request.body;
    },
  );
}
