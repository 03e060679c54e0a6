import { describe, expect, it } from 'vitest';
import { photoWidthSrcSet } from './photo-srcset.ts';

describe('photoWidthSrcSet', () => {
  it('names the 1x and 2x files by their widths', () => {
    expect(photoWidthSrcSet('/u/a@1x.webp 1x, /u/a@2x.webp 2x')).toBe(
      '/u/a@1x.webp 800w, /u/a@2x.webp 1600w',
    );
  });
  it('leaves a URL that merely contains "1x" alone', () => {
    expect(photoWidthSrcSet('/u/1x 1x')).toBe('/u/1x 800w');
  });
});
