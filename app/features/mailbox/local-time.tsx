import { useEffect, useState } from 'react';

const utc = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});
const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * A time in the reader's own zone. The server does not know that zone, so the first render (on the
 * server and during hydration) shows UTC, and the browser switches to local time once it has taken over.
 */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(() => `${utc.format(new Date(iso))} UTC`);
  useEffect(() => {
    setText(local.format(new Date(iso)));
  }, [iso]);
  return <time dateTime={iso}>{text}</time>;
}
