import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { ACCOUNTANT_PACK_INDEX, accountantPackIndexColumns } from '@contract/accountant-pack';
import { csvLine } from '../transactions/transactions-csv';
import type { PackEntry, PackPart, PackRequest } from './pack-part';

/** What the index says of one entry: its bytes as stored in the ZIP before compression, and their SHA-256. */
interface IndexRow {
  path: string;
  bytes: number;
  sha256: string;
  description: string;
}

/**
 * The pack as one ZIP stream: each part's entries in order, then index.csv. Memory stays flat whatever the
 * period: an entry is streamed into the ZIP and fully consumed (hashed and counted on the way) before the
 * next is asked for, and the ZIP's output is read only as fast as the caller reads it (yazl pipes with
 * back-pressure), so a slow download slows the database reads rather than filling memory. The index is
 * therefore last: sizes and hashes are known only once each entry has gone by.
 *
 * If a part fails midway the stream is destroyed with its error, so the download ends as a broken ZIP, never
 * as one that looks complete. If the caller goes away (the stream is destroyed), the current entry's source
 * is destroyed and no further entry is made.
 */
export function packZip(parts: readonly PackPart[], request: PackRequest): Readable {
  const zip = new ZipFile();
  // yazl's typings say a ReadableStream; it is a PassThrough (index.js), which Fastify can send and destroy.
  const output = zip.outputStream as PassThrough;
  const gone = new AbortController();
  output.once('close', () => gone.abort());
  fill(zip, parts, request, gone.signal).catch((error: unknown) => {
    if (!gone.signal.aborted) output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

async function fill(zip: ZipFile, parts: readonly PackPart[], request: PackRequest, signal: AbortSignal) {
  const index: IndexRow[] = [];
  for (const part of parts) {
    for await (const entry of part.entries(request)) {
      signal.throwIfAborted();
      index.push(await addEntry(zip, entry, signal));
    }
  }
  zip.addBuffer(indexCsv(index), ACCOUNTANT_PACK_INDEX);
  zip.end();
}

/** Streams one entry into the ZIP and resolves once yazl has read all of it, with what the index says of it. */
async function addEntry(zip: ZipFile, entry: PackEntry, signal: AbortSignal): Promise<IndexRow> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const source = entry.content instanceof Readable ? entry.content : Readable.from(entry.content);
  zip.addReadStreamLazy(entry.path, (callback) => callback(null, counted));
  // `finished` on the Transform waits for its readable side too: until yazl has taken the last byte.
  await Promise.all([pipeline(source, counted, { signal }), finished(counted, { signal })]);
  return { path: entry.path, bytes, sha256: hash.digest('hex'), description: entry.description };
}

function indexCsv(rows: IndexRow[]): Buffer {
  const bytesColumn = new Set([accountantPackIndexColumns.indexOf('bytes')]);
  const lines = rows.map((row) =>
    csvLine([row.path, String(row.bytes), row.sha256, row.description], bytesColumn),
  );
  return Buffer.from([csvLine([...accountantPackIndexColumns]), ...lines].join(''));
}
