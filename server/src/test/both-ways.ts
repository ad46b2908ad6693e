import type { Kysely, Transaction } from 'kysely';
import { expect } from 'vitest';
import { jsonbText } from '../db/jsonb';
import type { Database } from '../db/schema';

type Read = (trx: Transaction<Database>) => Promise<unknown>;

class RolledBack extends Error {}

/** What `read` answers inside a transaction that is then rolled back, as JSON (bigints as decimal text). */
async function readRolledBack(db: Kysely<Database>, read: Read): Promise<unknown> {
  let answer: unknown;
  await db
    .transaction()
    .execute(async (trx) => {
      answer = await read(trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return JSON.parse(jsonbText(answer));
}

/**
 * A PL/pgSQL function against the statements it stands in for: each reads in its own transaction, rolled
 * back, and both must answer alike. Totals are bigint one way and decimal text (never a JSON number) the
 * other, so both are compared as JSON. Answers the function's reading.
 */
export async function expectSameAnswer(db: Kysely<Database>, viaFunction: Read, viaStatements: Read) {
  const answer = await readRolledBack(db, viaFunction);
  expect(answer).toEqual(await readRolledBack(db, viaStatements));
  return answer;
}
