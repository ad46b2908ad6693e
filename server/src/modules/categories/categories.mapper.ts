import {
  builtInCategories,
  builtInCategoryIds,
  type Category,
  type CategoryRuleView,
} from '@contract/categories';
import type { CategoriesTable, CategoryRulesTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export const builtInList: Category[] = builtInCategoryIds.map((id) => ({
  id,
  ...builtInCategories[id],
  builtIn: true,
}));

export const toCategory = (row: Selectable<CategoriesTable>): Category => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  deductible: row.kind === 'expense' && Number(row.deductible) === 1,
  builtIn: false,
});

export const toRule = (row: Selectable<CategoryRulesTable>): CategoryRuleView => ({
  id: row.id,
  contains: row.contains,
  categoryId: row.category_id,
  createdAt: row.created_at,
});
