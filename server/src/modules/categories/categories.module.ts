import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { RateSource } from '../fx/rate-source';
import { categoryRoutes } from './categories.routes';
import { createCategoriesService } from './categories.service';
import { createRowAnnotations } from './row-annotations';
import { rowAnnotationRoutes } from './row-annotations.routes';

/**
 * The books' categories: the user's own categories and rules, each history row's category and note (under
 * /api/transactions, beside the history), and the totals per category in the home currency.
 */
export async function categoriesModule(app: App, deps: { db: Kysely<Database>; rates: RateSource }) {
  const categories = createCategoriesService(deps);
  await app.register(categoryRoutes, { prefix: '/api/categories', categories });
  const annotations = createRowAnnotations({ db: deps.db });
  await app.register(rowAnnotationRoutes, { prefix: '/api/transactions', annotations });
}
