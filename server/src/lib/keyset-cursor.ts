import { AppError } from './errors';

/**
 * Keyset page cursors: the sort key of a page's last row, as base64url of a JSON array of strings. They carry
 * no user id, so a cursor can only ever move through the list of whoever sends it; a forged one at worst
 * starts a page at an odd position. Each list says what its key's parts look like; anything that does not
 * decode to exactly that shape is a 400.
 */
export function encodeKeyset(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeKeyset(text: string, shape: readonly RegExp[]): string[] {
  const invalid = () =>
    new AppError('VALIDATION_FAILED', 'This page link is not valid; start again from the first page', {
      cursor: 'Not a valid cursor',
    });
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== shape.length ||
    !value.every((part, index) => typeof part === 'string' && shape[index]!.test(part))
  ) {
    throw invalid();
  }
  return value as string[];
}

/** Shapes of the usual key parts. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
export const ROW_ID = /^[0-9a-zA-Z-]{1,64}$/;
