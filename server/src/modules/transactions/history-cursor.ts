import { AppError } from '../../lib/errors';

/** A position in a user's history: the last row of a page, by the (created_at, id) sort key. */
export interface HistoryCursor {
  createdAt: string;
  id: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const ID = /^[0-9a-zA-Z-]{1,64}$/;

/**
 * Cursors are opaque to clients: base64url of the JSON pair [createdAt, id]. They carry no user id, so a
 * cursor can only ever move through the history of whoever sends it; a forged one at worst starts a page at
 * an odd position. Anything that does not decode to that exact shape is a 400.
 */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): HistoryCursor {
  const invalid = () =>
    new AppError(
      'VALIDATION_FAILED',
      'cursor: This page link is not valid; start again from the first page',
      {
        cursor: 'Not a valid cursor',
      },
    );
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string' ||
    !ISO_TIME.test(value[0]) ||
    !ID.test(value[1])
  ) {
    throw invalid();
  }
  return { createdAt: value[0], id: value[1] };
}
