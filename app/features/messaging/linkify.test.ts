import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('keeps plain text as one piece', () => {
    expect(linkify('The key is under the mat.')).toEqual([
      { kind: 'text', text: 'The key is under the mat.' },
    ]);
  });

  it('turns http(s) and www. addresses into links and leaves sentence punctuation outside', () => {
    expect(linkify('Map: https://maps.example.com/?q=1&b=2. Or www.privy.test/help!')).toEqual([
      { kind: 'text', text: 'Map: ' },
      { kind: 'link', text: 'https://maps.example.com/?q=1&b=2', href: 'https://maps.example.com/?q=1&b=2' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.privy.test/help', href: 'https://www.privy.test/help' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('never makes a link of other schemes', () => {
    const pieces = linkify('javascript:alert(1) data:text/html,<b>x</b> mailto:a@b.c');
    expect(pieces.every((piece) => piece.kind === 'text')).toBe(true);
  });

  it('keeps markup as text, and a link stops before an angle bracket or quote', () => {
    expect(linkify('<img src=x onerror=alert(1)> see https://a.test/"><script>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> see ' },
      { kind: 'link', text: 'https://a.test/', href: 'https://a.test/' },
      { kind: 'text', text: '"><script>' },
    ]);
  });
});
