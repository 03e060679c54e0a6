import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPE_NAMES } from '../notification-types.ts';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPE_NAMES as [string, ...string[]]);

/** Opaque cursor for the next page: the last item's created_at and id. */
export const notificationCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/, 'Invalid cursor');

export const listNotificationsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(15),
  before: notificationCursorSchema.optional(),
});

export const notificationIdParamsSchema = z.strictObject({ id: z.uuid('Invalid notification id') });

export const emailPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, z.boolean()])) as Record<
    (typeof NOTIFICATION_CATEGORIES)[number],
    z.ZodBoolean
  >,
);

/** Spec §7 body of POST /api/notifications/notify-all-admins. */
export const notifyAllAdminsSchema = z.strictObject({
  notification_type: z.literal('BECOME_PROVIDER_REQUEST'),
  message: z.string().trim().min(1).max(500),
  meta: z.strictObject({ data: z.record(z.string(), z.unknown()).optional() }).optional(),
});

export function encodeCursor(item: { created_at: Date | string; id: string }): string {
  return `${new Date(item.created_at).toISOString()}_${item.id}`;
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = cursor.split('_') as [string, string];
  return { createdAt: new Date(createdAt), id };
}
