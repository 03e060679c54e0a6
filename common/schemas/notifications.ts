import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPE_NAMES } from '../notification-types.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, timeIdCursorSchema } from './cursor.ts';
import { multiLineText, singleLineText } from './text.ts';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPE_NAMES as [string, ...string[]]);

/** The last notification shown: its created_at and id (cursor.ts). */
export const notificationCursorSchema = timeIdCursorSchema();

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
  message: multiLineText().trim().min(1).max(500),
  meta: z.strictObject({ data: z.record(singleLineText().max(100), z.unknown()).optional() }).optional(),
});

export function encodeCursor(item: { created_at: Date | string; id: string }): string {
  return encodeTimeIdCursor(item.created_at, item.id);
}

export const decodeCursor = decodeTimeIdCursor;
