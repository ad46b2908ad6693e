/** How far from the end a PDF's `startxref … %%EOF` trailer may sit (writers add a newline or some padding). */
const TRAILER_WINDOW = 1024;

/**
 * Whether bytes have a PDF's frame: the `%PDF-1.x` / `%PDF-2.0` header at the start, and a trailer near the
 * end that points a reader at the cross-reference table (`startxref <offset> %%EOF`) with an offset inside the
 * file. A text file renamed .pdf, or one that only starts with "%PDF", has neither. Reading the objects
 * themselves is the viewer's job: the download is served as an attachment with nosniff.
 */
export function looksLikePdf(bytes: Buffer): boolean {
  if (!/^%PDF-(1\.[0-7]|2\.0)/.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - TRAILER_WINDOW)).toString('latin1');
  const trailer = /startxref\s+(\d+)\s+%%EOF[\s\0]*$/.exec(tail);
  return trailer !== null && Number(trailer[1]) < bytes.length;
}
