import { z } from 'zod';

/** Spec §3: meta is an object or a JSON string carrying ids and a booking summary. */
export const notificationMetaSchema = z
  .object({
    booking_id: z.string().optional(),
    bathroom_id: z.string().optional(),
    user_id: z.string().optional(),
    sender_id: z.string().optional(),
    request_id: z.string().optional(),
    booking: z
      .object({
        start_time: z.string().optional(),
        bathroom: z.object({ title: z.string().optional() }).partial().optional(),
      })
      .partial()
      .optional(),
  })
  .passthrough();

export type NotificationMeta = z.infer<typeof notificationMetaSchema>;

/** Never throws: a malformed meta (bad JSON, wrong shapes) reads as empty rather than breaking the panel. */
export function parseNotificationMeta(meta: unknown): NotificationMeta {
  let value = meta;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const parsed = notificationMetaSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  // Keep the fields that are well-formed, drop the rest.
  const partial: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(notificationMetaSchema.shape)) {
    const result = field.safeParse((value as Record<string, unknown>)[key]);
    if (result.success && result.data !== undefined) partial[key] = result.data;
  }
  return partial as NotificationMeta;
}
