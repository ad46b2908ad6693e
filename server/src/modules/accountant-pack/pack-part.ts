import type { Readable } from 'node:stream';
import type { AccountantPackPeriod } from '@contract/accountant-pack';

/** Whose books and which days a pack covers. */
export interface PackRequest {
  userId: string;
  period: AccountantPackPeriod;
}

/**
 * One file of the pack. `content` is read once, when the entry's turn comes: a Buffer for what is small
 * (one PDF), a stream or an async iterable for what may be large (a CSV written in keyset batches), so that
 * nothing larger than one batch is ever held.
 */
export interface PackEntry {
  /** Path inside the ZIP, with `/` between folders: "history.csv", "invoices/INV-2026-0001.pdf". */
  path: string;
  /** What the file is, for the index. */
  description: string;
  content: Buffer | Readable | AsyncIterable<string | Buffer>;
}

/**
 * A kind of document in the pack (the history, the invoices, the statements, …). `entries` is pulled one
 * entry at a time, and the next entry is asked for only once the previous one is in the ZIP: a part makes
 * its next PDF or reads its next page of rows only when the download is ready for it.
 */
export interface PackPart {
  /** The README's line about this part: which folder or file, and what it holds. */
  summary: string;
  entries(request: PackRequest): AsyncIterable<PackEntry>;
}
