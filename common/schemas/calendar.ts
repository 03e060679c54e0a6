import { z } from 'zod';

/** Private calendar feeds (ADR 095). */

export const calendarFeedParamsSchema = z.strictObject({ id: z.uuid('That is not a bathroom id.') });

/** Whether a feed exists; its URL is never shown again after it was made (only a hash is kept). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  last_fetched_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** A new or rotated feed: the one time its URL is shown. */
export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
