import { z } from 'zod';
import { singleLineText } from './text.ts';
import { timestampSchema } from './timestamp.ts';

const CURSOR_MESSAGE = 'Invalid cursor';
const cursorTimeSchema = timestampSchema(CURSOR_MESSAGE);
const cursorIdSchema = z.uuid(CURSOR_MESSAGE);

/**
 * An opaque cursor for a list ordered by (created_at, id): the last item shown, as
 * `<ISO time>_<uuid>`. Both halves are checked as what they are (an instant 2000–2100, a UUID),
 * since both go into the next page's SQL.
 */
export function timeIdCursorSchema() {
  return singleLineText()
    .max(80, CURSOR_MESSAGE)
    .refine((value) => {
      const [createdAt, id, extra] = value.split('_');
      return (
        extra === undefined &&
        cursorTimeSchema.safeParse(createdAt).success &&
        cursorIdSchema.safeParse(id).success
      );
    }, CURSOR_MESSAGE);
}

export function encodeTimeIdCursor(createdAt: Date | string, id: string): string {
  return `${new Date(createdAt).toISOString()}_${id}`;
}

export function decodeTimeIdCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = cursor.split('_') as [string, string];
  return { createdAt: new Date(createdAt), id };
}
