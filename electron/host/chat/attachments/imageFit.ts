/**
 * Images made to fit the API on the host (sharp): the long edge scaled down to 1568 px (the size the API would scale
 * to anyway, so nothing the model sees is lost and the upload is smaller), and re-encoded when still over 5 MB.
 * An image already within both limits is sent as the user gave it. Also makes the small thumbnails the chat shows.
 */
import sharp from 'sharp';
import { attachmentLimits } from '../../../../shared/attachments.ts';
import type { Sniffed } from './sniff.ts';

/** An image as it will be stored and sent. */
export interface FittedImage {
  bytes: Buffer;
  mimeType: Sniffed['mimeType'];
  width: number;
  height: number;
  /** True when it was scaled or re-encoded. */
  changed: boolean;
}

// EXIF orientations 5-8 swap width and height once applied.
const swapsSides = (orientation: number | undefined) => orientation !== undefined && orientation >= 5;

/** Fits an image to the API's limits; an undecodable image is an error naming the file. */
export async function fitImage(bytes: Buffer, mimeType: Sniffed['mimeType'], edge = attachmentLimits.imageEdge): Promise<FittedImage> {
  // limitInputPixels guards against decompression bombs (a tiny file claiming a gigantic canvas).
  const meta = await sharp(bytes, { limitInputPixels: 268_402_689 }).metadata();
  const rawWidth = meta.width;
  const rawHeight = meta.height;
  const [width, height] = swapsSides(meta.orientation) ? [rawHeight, rawWidth] : [rawWidth, rawHeight];
  if (Math.max(width, height) <= edge && bytes.length <= attachmentLimits.imageBytes) return { bytes, mimeType, width, height, changed: false };
  // GIFs are sent as their first frame (the model reads one frame) in PNG; the other formats keep theirs.
  let pipeline = sharp(bytes, { limitInputPixels: 268_402_689 }).rotate().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
  let outType: Sniffed['mimeType'] = mimeType === 'image/gif' ? 'image/png' : mimeType;
  pipeline = outType === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : outType === 'image/webp' ? pipeline.webp({ quality: 90 }) : pipeline.png();
  let out = await pipeline.toBuffer({ resolveWithObject: true });
  if (out.data.length > attachmentLimits.imageBytes) {
    // Still too heavy (noise-like PNG content): lossy WebP keeps transparency and fits easily.
    out = await sharp(out.data).webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    outType = 'image/webp';
  }
  return { bytes: out.data, mimeType: outType, width: out.info.width, height: out.info.height, changed: true };
}

/** A small WebP thumbnail (longest edge 192 px), for the composer and the sent message. */
export async function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 268_402_689 }).rotate().resize({ width: 192, height: 192, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
}
