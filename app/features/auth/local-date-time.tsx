import { useEffect, useState } from 'react';

const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A moment in the reader's own time zone. The server cannot know that zone, so the first render
 * (server and hydration alike) shows UTC, and the browser switches to local time once it runs.
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const [text, setText] = useState(() => `${utc.format(new Date(iso))} UTC`);
  useEffect(() => setText(local.format(new Date(iso))), [iso]);
  return <time dateTime={iso}>{text}</time>;
}
