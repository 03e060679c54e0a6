/*
 * Messages are plain text (PRODUCT.md Messages): links become clickable, nothing else is rendered.
 * The text is split into pieces that React renders as text nodes and anchors, so markup in a
 * message is shown as the characters it is made of and never reaches innerHTML.
 */

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones; anything else (javascript:, data:, mailto:) stays text.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address: "see https://privy.test/help."
const TRAILING = /[.,;:!?'")\]}]+$/;

function hrefOf(text: string): string | null {
  const candidate = text.toLowerCase().startsWith('www.') ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function linkify(content: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = pieces.at(-1);
    if (previous?.kind === 'text') previous.text += text;
    else pieces.push({ kind: 'text', text });
  };
  for (const match of content.matchAll(LINK)) {
    const start = match.index;
    const raw = match[0];
    const text = raw.replace(TRAILING, '');
    const href = hrefOf(text);
    pushText(content.slice(last, start));
    if (href && text.length > 'www.'.length) pieces.push({ kind: 'link', text, href });
    else pushText(text);
    last = start + text.length;
  }
  pushText(content.slice(last));
  return pieces;
}
