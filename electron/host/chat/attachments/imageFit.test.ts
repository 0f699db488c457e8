import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { attachmentLimits } from '../../../../shared/attachments.ts';
import { makePng } from '../../../../tests/fixtures/attachments/files.ts';
import { fitImage, thumbnailOf } from './imageFit.ts';

describe('fitting images to the API on the host (real sharp)', () => {
  it('scales a 4000×3000 PNG down to a 1568 px long edge, keeping PNG and the aspect ratio', async () => {
    const big = await makePng(4000, 3000);
    const fitted = await fitImage(big, 'image/png');
    expect(fitted).toMatchObject({ mimeType: 'image/png', width: 1568, height: 1176, changed: true });
    const meta = await sharp(fitted.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1568, 1176]);
  }, 60_000);

  it('sends an image within the limits as the user gave it', async () => {
    const small = await makePng(800, 600);
    const fitted = await fitImage(small, 'image/png');
    expect(fitted.changed).toBe(false);
    expect(fitted.bytes.equals(small)).toBe(true);
  });

  it('re-encodes as WebP an image still over 5 MB after scaling (noise does not compress)', async () => {
    const noisy = await makePng(2000, 2000, true);
    expect(noisy.length).toBeGreaterThan(attachmentLimits.imageBytes);
    const fitted = await fitImage(noisy, 'image/png');
    expect(fitted.mimeType).toBe('image/webp');
    expect(fitted.bytes.length).toBeLessThanOrEqual(attachmentLimits.imageBytes);
    expect(Math.max(fitted.width, fitted.height)).toBe(1568);
  }, 60_000);

  it('applies a photo\'s EXIF rotation when it scales it (a portrait stays a portrait)', async () => {
    const sideways = await sharp(await makePng(3000, 2000)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const fitted = await fitImage(sideways, 'image/jpeg');
    expect([fitted.width, fitted.height, fitted.mimeType]).toEqual([1045, 1568, 'image/jpeg']);
  }, 60_000);

  it('makes a WebP thumbnail of at most 192 px', async () => {
    const thumb = await thumbnailOf(await makePng(1000, 500));
    const meta = await sharp(thumb).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 192, 96]);
  });
});
