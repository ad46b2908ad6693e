import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './mail.repository';

const HOUR_MS = 3_600_000;

/**
 * Free text people write (invoice titles, client names, their own names) goes into mail to any address they
 * type, so mail to others is for proven accounts only, and capped per hour: a fixed hourly window counted in
 * the database (mail.repository.ts), whose end is the Retry-After.
 */
export async function admitMailToOthers(trx: Kysely<Database>, accountId: string, at: Date, config: Config) {
  const perHour = config.MAIL_TO_OTHERS_PER_HOUR;
  const windowStart = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  if (await repo.countMailToOthers(trx, accountId, windowStart.toISOString(), perHour)) return;
  if (!(await repo.isVerifiedAccount(trx, accountId))) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Verify your email address before Meridian sends mail to other people for you',
    );
  }
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + HOUR_MS - at.getTime()) / 1000);
  throw new AppError(
    'RATE_LIMITED',
    `Meridian sends at most ${perHour} emails an hour to other people for one account. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    undefined,
    { retryAfterSeconds },
  );
}
