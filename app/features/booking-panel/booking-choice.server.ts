import { z } from 'zod';
import { localDateSchema } from '../../../common/schemas/bookings.ts';
import { timestampSchema } from '../../../common/schemas/timestamp.ts';

/**
 * The booking panel's choice as the listing's URL carries it (ADR 093), read leniently: anything
 * invalid falls back to the default. Server-only, so zod stays out of the page's browser code.
 */
export const bookingChoiceSchema = z.object({
  date: localDateSchema.optional().catch(undefined),
  duration: z.coerce.number().int().optional().catch(undefined),
  start: timestampSchema('Choose a start time.').optional().catch(undefined),
});
export type BookingChoice = z.infer<typeof bookingChoiceSchema>;
