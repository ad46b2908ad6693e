import sharp from 'sharp';
import { KYC_MAX_IMAGE_PIXELS } from '@contract/kyc';

/** The reviewer looks at a small greyscale copy: enough to tell a page or a face from an empty frame. */
const SAMPLE_EDGE = 256;
/** Standard deviation of brightness (0–255) below which an image is one flat colour, or nearly. */
const MIN_CONTRAST = 12;
/** Share of neighbouring pixels that differ sharply: print, edges, features. A blank or a smooth wash has ~0. */
const MIN_EDGE_SHARE = 0.01;
const SHARP_STEP = 32;

export interface ImageContent {
  width: number;
  height: number;
  contrast: number;
  edgeShare: number;
}

/**
 * Decodes an image with a pixel limit (the upload refused larger ones by their header; this holds for
 * anything stored before) into a small greyscale sample, streaming: a large image is never whole in memory.
 * Throws when the image cannot be read or is over the limit.
 */
export async function readImageContent(bytes: Buffer): Promise<ImageContent> {
  const image = sharp(bytes, { limitInputPixels: KYC_MAX_IMAGE_PIXELS, sequentialRead: true });
  const { width, height } = await image.metadata();
  if (!width || !height || width * height > KYC_MAX_IMAGE_PIXELS) throw new Error('over the pixel limit');
  const { data, info } = await image
    .resize(SAMPLE_EDGE, SAMPLE_EDGE, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, ...measure(data, info.width, info.height, info.channels) };
}

/** Contrast and edge share of a raw greyscale sample (the first channel of each pixel). */
export function measure(data: Buffer, width: number, height: number, channels: number) {
  const at = (x: number, y: number) => data[(y * width + x) * channels]!;
  let sum = 0;
  let squares = 0;
  let edges = 0;
  let pairs = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = at(x, y);
      sum += value;
      squares += value * value;
      if (x + 1 < width) {
        pairs++;
        if (Math.abs(value - at(x + 1, y)) >= SHARP_STEP) edges++;
      }
      if (y + 1 < height) {
        pairs++;
        if (Math.abs(value - at(x, y + 1)) >= SHARP_STEP) edges++;
      }
    }
  }
  const count = width * height;
  const mean = sum / count;
  return {
    contrast: Math.sqrt(Math.max(0, squares / count - mean * mean)),
    edgeShare: pairs === 0 ? 0 : edges / pairs,
  };
}

/** Whether the sample shows something (a document, a face), not a blank or single-colour frame. */
export const showsSomething = (content: ImageContent) =>
  content.contrast >= MIN_CONTRAST && content.edgeShare >= MIN_EDGE_SHARE;
