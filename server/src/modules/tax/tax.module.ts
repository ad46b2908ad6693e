import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { RateSource } from '../fx/rate-source';
import { createGoalsService } from '../goals/goals.service';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { taxRemindersJob } from './tax-reminders';
import { taxRoutes } from './tax.routes';
import { createTaxService } from './tax.service';

/** The tax profile, the estimate of this tax year so far, and the reminders a week before each estimate date. */
export async function taxModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; rates: RateSource; notifier: Notifier; mailer: Mailer },
) {
  const { db, config, rates, notifier, mailer } = deps;
  // The goals module's service, for the goals and their balances (never its tables).
  const goals = createGoalsService({ db, notifier });
  const tax = createTaxService({ db, rates, goals });
  await app.register(taxRoutes, { prefix: '/api/tax', tax });
  return {
    jobs: [taxRemindersJob({ db, notifier, mailer }, config.TAX_REMINDER_INTERVAL_SECONDS)],
    face: { estimate: tax.estimate },
  };
}
