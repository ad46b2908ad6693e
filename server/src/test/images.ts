import sharp from 'sharp';

/**
 * A PNG that looks like a document to the identity reviewer: a background of the given colour with blocks of
 * fine black-and-white "print" in rows (contrast and sharp edges on any background). The reviewer refuses a
 * blank or single-colour frame, so tests that expect approval upload these.
 */
export async function documentPng(background = '#888', width = 96, height = 64): Promise<Buffer> {
  const print = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inLine = y % 10 >= 3 && y % 10 < 7 && x % 16 >= 2 && x % 16 < 13;
      if (!inLine) continue;
      const shade = (Math.floor(x / 2) + Math.floor(y / 2)) % 2 === 0 ? 0 : 255;
      print.fill(shade, (y * width + x) * 4, (y * width + x) * 4 + 3);
      print[(y * width + x) * 4 + 3] = 255;
    }
  }
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: print, raw: { width, height, channels: 4 } }])
    .png()
    .toBuffer();
}

/** A PNG of one colour all over: no document in it. */
export const blankPng = (background: string, width = 96, height = 64) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The same document as a JPEG (a phone photo of a receipt). */
export const documentJpeg = async (background = '#888', width = 96, height = 64) =>
  sharp(await documentPng(background, width, height))
    .jpeg()
    .toBuffer();

/**
 * A real one-page PDF (written by pdfkit, as the invoices are) saying `text`: what a receipt e-mailed by a
 * shop looks like to the upload check.
 */
export async function receiptPdf(text = 'Receipt: 1 coffee, USD 4.50'): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.text(text);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
