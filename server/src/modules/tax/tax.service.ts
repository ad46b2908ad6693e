import type { Kysely } from 'kysely';
import { rateBasisPoints, type TaxEstimateAnswer, type TaxProfile, type TaxProfileBody } from '@contract/tax';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { GoalsService } from '../goals/goals.service';
import type { RateSource } from '../fx/rate-source';
import { findUser } from '../user/users';
import { estimateFor } from './tax-estimate';
import { toTaxProfile } from './tax.mapper';
import * as repo from './tax.repository';

export type TaxService = ReturnType<typeof createTaxService>;

/** The tax profile (the owner's to set) and the estimate built from it. */
export function createTaxService(deps: {
  db: Kysely<Database>;
  rates: RateSource;
  goals: Pick<GoalsService, 'list'>;
  now?: () => Date;
}) {
  const { db, goals } = deps;
  const today = () => (deps.now?.() ?? new Date()).toISOString().slice(0, 10);

  return {
    async profile(userId: string): Promise<TaxProfile | null> {
      const row = await repo.findProfile(db, userId);
      return row ? toTaxProfile(row) : null;
    },

    /** Saves the profile; a goal that is not the user's own is a 404, and nothing is saved. */
    async saveProfile(userId: string, body: TaxProfileBody): Promise<TaxProfile> {
      if (body.goalId !== null) {
        const own = await goals.list(userId);
        if (!own.some((goal) => goal.id === body.goalId)) throw notFound('Savings goal');
      }
      const at = new Date().toISOString();
      const row = await repo.saveProfile(db, {
        user_id: userId,
        country: body.country,
        rate_bps: Number(rateBasisPoints(body.ratePercent)),
        year_start_month: body.yearStart.month,
        year_start_day: body.yearStart.day,
        goal_id: body.goalId,
        created_at: at,
        updated_at: at,
      });
      return toTaxProfile(row);
    },

    async estimate(userId: string): Promise<TaxEstimateAnswer> {
      const row = await repo.findProfile(db, userId);
      if (!row) return { profile: null, estimate: null };
      const user = await findUser(db, userId);
      if (!user) throw notFound('User');
      const estimate = await estimateFor(deps, {
        userId,
        home: user.home_currency,
        profile: row,
        goals: await goals.list(userId),
        today: today(),
      });
      return { profile: toTaxProfile(row), estimate };
    },
  };
}
