import { randomUUID } from 'node:crypto';

/**
 * A new row id: a UUIDv7 (RFC 9562), 48 bits of Unix milliseconds then 74 random bits.
 *
 * Why not randomUUID (v4): rows are indexed by id, and random ids land on a random leaf page of every id
 * index, so each transfer dirtied a fresh page per index and every commit wrote (and fsynced) many pages.
 * Time-ordered ids append at the right edge of the B-tree, where the last commit's pages already are. Ids
 * stay unguessable enough for row ids; they are not secrets (session tokens come from randomBytes).
 */
export function newId(): string {
  // randomUUID draws from a buffered pool of entropy (far cheaper than a random read per id); its first
  // 48 bits and version nibble are replaced by the time and 7. Its variant bits are already RFC 9562's.
  const random = randomUUID();
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
