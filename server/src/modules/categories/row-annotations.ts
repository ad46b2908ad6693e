import type { Kysely } from 'kysely';
import type { NoteAuthor, TransactionNote } from '@contract/categories';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isOwnHistoryRow } from '../transactions/history';
import * as repo from './categories.repository';
import { kindOfUsableCategory } from './categories.service';

export type RowAnnotations = ReturnType<typeof createRowAnnotations>;

/**
 * What the owner (or an accountant they allowed) says about one history row: its category and a note. Both
 * live in this module's tables, keyed by the row's id; the row itself is never written.
 */
export function createRowAnnotations(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const assertOwnRow = async (trx: Kysely<Database>, userId: string, id: string) => {
    if (!(await isOwnHistoryRow(trx, userId, id))) throw notFound('Transaction');
  };

  return {
    /** Files the row under `category` (which wins over every guess and rule), or with null back to its guess. */
    async setCategory(userId: string, id: string, category: string | null) {
      return db.transaction().execute(async (trx) => {
        await assertOwnRow(trx, userId, id);
        if (category === null) {
          await repo.forgetRowCategory(trx, userId, id);
        } else {
          await kindOfUsableCategory(trx, userId, category, 'category');
          const at = now().toISOString();
          await repo.chooseRowCategory(trx, {
            transaction_id: id,
            user_id: userId,
            category_id: category,
            set_at: at,
          });
        }
        return { id, category: (await repo.categoryOfRow(trx, userId, id))! };
      });
    },

    /** Writes (or with empty text removes) the row's note, saying who wrote it. */
    async setNote(
      userId: string,
      id: string,
      text: string,
      author: { role: NoteAuthor; id: string },
    ): Promise<{ id: string; note: TransactionNote | null }> {
      return db.transaction().execute(async (trx) => {
        await assertOwnRow(trx, userId, id);
        if (text === '') {
          await repo.deleteNote(trx, userId, id);
          return { id, note: null };
        }
        const at = now().toISOString();
        await repo.writeNote(trx, {
          transaction_id: id,
          user_id: userId,
          text,
          written_by: author.role,
          author_id: author.id,
          written_at: at,
        });
        return { id, note: { text, writtenBy: author.role, writtenAt: at } };
      });
    },
  };
}
