import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Plain text with its http(s) links made clickable; nothing else is interpreted. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(<Fragment key={`t${last}`}>{text.slice(last, index)}</Fragment>);
    parts.push(
      <Anchor key={`a${index}`} href={match[0]} style={{ wordBreak: 'break-all' }}>
        {match[0]}
      </Anchor>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
