import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Notifier } from '../notifications/notifier';
import { goalRoutes } from './goals.routes';
import { createGoalsService } from './goals.service';

/** Savings goals: money set aside towards a target. */
export async function goalsModule(app: App, deps: { db: Kysely<Database>; notifier: Notifier }) {
  const goals = createGoalsService({ db: deps.db, notifier: deps.notifier });
  await app.register(goalRoutes, { prefix: '/api/savings-goals', goals });
}
