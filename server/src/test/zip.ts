import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Test-side ZIP reading (yauzl, which checks each entry's CRC-32 and size as it reads). */

/** Each entry of a ZIP, in the order stored, with its whole content: for small archives. */
export async function zipEntries(zip: Buffer): Promise<Array<{ path: string; content: Buffer }>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries: Array<{ path: string; content: Buffer }> = [];
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.push({ path: entry.fileName, content: Buffer.concat(chunks) });
  }
  return entries;
}

/**
 * Walks a ZIP file on disk entry by entry, handing each entry's stream to `read` (which must consume it):
 * for archives too large to hold.
 */
export async function eachZipEntry(path: string, read: (name: string, stream: Readable) => Promise<void>) {
  const file = await yauzl.openPromise(path, { lazyEntries: true });
  for await (const entry of file.eachEntry())
    await read(entry.fileName, await file.openReadStreamPromise(entry));
}
