import { decodeKeyset, encodeKeyset, ISO_TIME, ROW_ID } from '../../lib/keyset-cursor';

/** A position in a user's history: the last row of a page, by the (created_at, id) sort key. */
export interface HistoryCursor {
  createdAt: string;
  id: string;
}

export const encodeCursor = (cursor: HistoryCursor): string => encodeKeyset([cursor.createdAt, cursor.id]);

export function decodeCursor(text: string): HistoryCursor {
  const [createdAt, id] = decodeKeyset(text, [ISO_TIME, ROW_ID]);
  return { createdAt: createdAt!, id: id! };
}
