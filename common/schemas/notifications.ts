import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPE_NAMES } from '../notification-types.ts';
import { multiLineText, singleLineText } from './text.ts';
import { timestampSchema } from './timestamp.ts';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPE_NAMES as [string, ...string[]]);

const CURSOR_MESSAGE = 'Invalid cursor';
const cursorTimeSchema = timestampSchema(CURSOR_MESSAGE);
const cursorIdSchema = z.uuid(CURSOR_MESSAGE);

/**
 * Opaque cursor for the next page: the last item's created_at and id. Both halves are checked as
 * what they are (an instant 2000–2100, a UUID), since both go into the next page's SQL.
 */
export const notificationCursorSchema = singleLineText()
  .max(80, CURSOR_MESSAGE)
  .refine((value) => {
    const [createdAt, id, extra] = value.split('_');
    return (
      extra === undefined &&
      cursorTimeSchema.safeParse(createdAt).success &&
      cursorIdSchema.safeParse(id).success
    );
  }, CURSOR_MESSAGE);

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
  return `${new Date(item.created_at).toISOString()}_${item.id}`;
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = cursor.split('_') as [string, string];
  return { createdAt: new Date(createdAt), id };
}
