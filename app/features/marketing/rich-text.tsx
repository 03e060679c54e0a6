import { Anchor } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\{contactEmail\}/g;

/** Renders one string of copy with its inline marks (see content/types.ts). */
export function RichText({ text, contactEmail }: { text: string; contactEmail?: string | undefined }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, label, href, strong] = match;
    if (label && href) {
      parts.push(
        href.startsWith('/') || href.startsWith('#') ? (
          <Anchor key={index} component={Link} to={href}>
            {label}
          </Anchor>
        ) : (
          <Anchor key={index} href={href} target="_blank" rel="noopener noreferrer">
            {label}
          </Anchor>
        ),
      );
    } else if (strong) {
      parts.push(<strong key={index}>{strong}</strong>);
    } else if (whole === '{contactEmail}') {
      parts.push(
        contactEmail ? (
          <Anchor key={index} href={`mailto:${contactEmail}`}>
            {contactEmail}
          </Anchor>
        ) : (
          <Anchor key={index} component={Link} to="/contact">
            our contact form
          </Anchor>
        ),
      );
    }
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? <Fragment key={`t${String(i)}`}>{part}</Fragment> : part,
      )}
    </>
  );
}
