import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { rulePattern } from './categories-sql';
import * as repo from './categories.repository';

/**
 * A demo account's books, made after its history is seeded: one category of its own (Workspace: the studio's
 * rent and the coworking desk) and the two rules that file those payments, applied to the past, so the demo
 * shows an own category, rules and guessed categories side by side.
 */
export async function seedDemoBooks(db: Kysely<Database>, userId: string, at: string): Promise<void> {
  const workspace = {
    id: newId(),
    user_id: userId,
    name: 'Workspace',
    name_key: 'workspace',
    kind: 'expense' as const,
    deductible: 1,
    created_at: at,
    updated_at: at,
  };
  await repo.insertCategory(db, workspace);
  for (const contains of ['Maple Property', 'WeWork']) {
    const rule = {
      id: newId(),
      user_id: userId,
      contains,
      pattern: rulePattern(contains),
      category_id: workspace.id,
      direction: 'out' as const,
      created_at: at,
    };
    await repo.insertRule(db, rule);
    await repo.applyRuleToPast(db, userId, rule);
  }
}
