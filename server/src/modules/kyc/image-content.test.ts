import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blankPng, documentPng } from '../../test/images';
import { readImageContent, showsSomething } from './image-content';

describe('what the identity reviewer sees in an image', () => {
  it('finds print in a document and nothing in a blank or single-colour frame', async () => {
    expect(showsSomething(await readImageContent(await documentPng('#123', 640, 400)))).toBe(true);
    expect(showsSomething(await readImageContent(await documentPng('#eee')))).toBe(true);
    for (const colour of ['#000', '#fff', '#c33']) {
      const content = await readImageContent(await blankPng(colour, 800, 600));
      expect(content).toMatchObject({ width: 800, height: 600, contrast: 0, edgeShare: 0 });
      expect(showsSomething(content)).toBe(false);
    }
    // A smooth wash from black to white has contrast but no edges: nothing is written on it.
    const wash = Buffer.alloc(256 * 256);
    for (let i = 0; i < wash.length; i++) wash[i] = i % 256;
    const gradient = await sharp(wash, { raw: { width: 256, height: 256, channels: 1 } })
      .png()
      .toBuffer();
    const content = await readImageContent(gradient);
    expect(content.contrast).toBeGreaterThan(50);
    expect(showsSomething(content)).toBe(false);
  });

  it('refuses to decode an image over the pixel limit (one stored before uploads were checked)', async () => {
    const huge = await sharp({ create: { width: 4900, height: 4900, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(readImageContent(huge)).rejects.toThrow(/pixel limit/);
  });
});
