import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { AppError } from '../../http/errors.ts';
import { detectImageFormat, IMAGE_DECODES_AT_ONCE, imageDecodes, processImage } from './image-pipeline.ts';
import { makeImage } from './upload-test-helpers.ts';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('image pipeline', () => {
  it('recognises JPEG, PNG and WebP by their first bytes only', async () => {
    expect(detectImageFormat(await makeImage('jpeg'))).toBe('jpeg');
    expect(detectImageFormat(await makeImage('png'))).toBe('png');
    expect(detectImageFormat(await makeImage('webp'))).toBe('webp');
    expect(detectImageFormat(await makeImage('gif'))).toBeNull();
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('re-encodes to WebP at 256 and 512 pixels square for an avatar', async () => {
    const variants = await processImage(await makeImage('jpeg', { width: 1200, height: 800 }), 'avatar');
    expect(variants.map(({ density, width, height }) => ({ density, width, height }))).toEqual([
      { density: 1, width: 256, height: 256 },
      { density: 2, width: 512, height: 512 },
    ]);
    for (const variant of variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('decodes a few uploads at a time; the others wait their turn and all finish', async () => {
    const image = await makeImage('png', { width: 2400, height: 1800 });
    const uploads = Array.from({ length: IMAGE_DECODES_AT_ONCE + 3 }, () => processImage(image, 'bathroom'));
    expect(imageDecodes()).toEqual({ active: IMAGE_DECODES_AT_ONCE, waiting: 3 });
    const results = await Promise.all(uploads);
    expect(results.map((variants) => variants.map((variant) => variant.width))).toEqual(
      results.map(() => [800, 1600]),
    );
    expect(imageDecodes()).toEqual({ active: 0, waiting: 0 });
  });

  it('makes the 1x photo from the same crop as the 2x one', async () => {
    const [small, large] = await processImage(
      await makeImage('jpeg', { width: 3000, height: 1000 }),
      'bathroom',
    );
    const shrunk = await sharp(large?.data).resize(800, 600).raw().toBuffer();
    const direct = await sharp(small?.data).raw().toBuffer();
    // Same picture, up to WebP's rounding: the mean difference per channel stays tiny.
    const meanDifference =
      direct.reduce((sum, value, index) => sum + Math.abs(value - (shrunk[index] ?? 0)), 0) / direct.length;
    expect(meanDifference).toBeLessThan(8);
  });

  it('strips metadata such as EXIF (camera, location)', async () => {
    const withExif = await sharp(await makeImage('jpeg'))
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const [variant] = await processImage(withExif, 'avatar');
    const metadata = await sharp(variant!.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(variant!.data.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('refuses other formats with 415, whatever the file claims to be', async () => {
    const gif = await refusal(processImage(await makeImage('gif'), 'avatar'));
    expect(gif.status).toBe(415);
    expect(gif.message).toBe('Please choose a JPEG, PNG or WebP image.');
    const text = await refusal(processImage(Buffer.from('just some text, named photo.png'), 'avatar'));
    expect(text.status).toBe(415);
  });

  it('refuses a file that starts like an image but is not one', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const error = await refusal(processImage(fake, 'avatar'));
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/could not read this image/);
  });

  it('refuses a WebP signature on PNG data', async () => {
    const png = await makeImage('png');
    const disguised = Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP', 'latin1'), png]);
    expect((await refusal(processImage(disguised, 'avatar'))).status).toBe(415);
  });

  it('refuses anything over 5 MB with 413', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const error = await refusal(processImage(big, 'avatar'));
    expect(error.status).toBe(413);
    expect(error.message).toBe('Please choose an image under 5 MB.');
  });
});
