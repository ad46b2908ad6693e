import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every text run of every page of a PDF, joined by spaces: what a reader of the document would see. */
export async function pdfText(content: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(content), disableFontFace: true, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const text = await (await pdf.getPage(number)).getTextContent();
    pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}
