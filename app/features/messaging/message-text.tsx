import { Anchor } from '@mantine/core';
import { linkify } from './linkify.ts';

/** A message's words as text nodes and its links as anchors: nothing else is rendered (PRODUCT.md). */
export function MessageText({ content }: { content: string }) {
  return (
    <>
      {linkify(content).map((piece, index) =>
        piece.kind === 'link' ? (
          <Anchor
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one immutable text, in order
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            c="inherit"
            underline="always"
            style={{ overflowWrap: 'anywhere' }}
          >
            {piece.text}
          </Anchor>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
