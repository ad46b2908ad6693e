import type { Kysely } from 'kysely';
import { formatDay } from '@contract/dates';
import { nextEstimateDate, REMINDER_DAYS_BEFORE, shiftDay, TAX_DISCLAIMER } from '@contract/tax';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { newId } from '../../lib/ids';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { findUser } from '../user/users';
import { countryOf, yearStartOf } from './tax.mapper';
import * as repo from './tax.repository';

const BATCH = 200;

export interface ReminderDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  mailer: Pick<Mailer, 'enqueue' | 'kick' | 'link'>;
  now?: () => Date;
}

/**
 * One user's reminder, in one transaction: the profile is claimed (SKIP LOCKED on PostgreSQL), and if the next
 * estimate date is at most a week away the reminder row is inserted (UNIQUE per user and date); only the
 * transaction that inserted it raises the notification and writes the email, so each date is reminded once
 * whatever the number of processes and runs. A server that was down reminds late, never after the date.
 */
async function remindOne(deps: ReminderDeps, userId: string, today: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const profile = await repo.claimProfile(trx, userId);
    if (!profile) return false;
    const due = nextEstimateDate(today, yearStartOf(profile), countryOf(profile));
    if (shiftDay(due, -REMINDER_DAYS_BEFORE) > today) return false;
    const inserted = await repo.insertReminder(trx, {
      id: newId(),
      user_id: userId,
      due_date: due,
      created_at: new Date().toISOString(),
    });
    if (!inserted) return false;
    const when = formatDay(due);
    await deps.notifier.raise(trx, userId, {
      category: 'info',
      type: 'system',
      title: 'Quarterly tax estimate due soon',
      message: `Your quarterly tax estimate date is ${when}. See what Meridian estimates and what you have set aside.`,
      actionUrl: '/books/tax',
      actionText: 'See estimate',
    });
    const user = await findUser(trx, userId);
    // A demo account is play money: it is told in the app, never by email.
    if (user && !user.is_demo) {
      await deps.mailer.enqueue(trx, {
        kind: 'tax-reminder',
        to: user.email,
        userId,
        subject: `Your quarterly tax estimate date is ${when}`,
        text:
          `Hello,\n\nyour next quarterly tax estimate date is ${when}.\n` +
          `Meridian's estimate and what your tax goal holds: ${deps.mailer.link('/books/tax')}\n\n${TAX_DISCLAIMER}\n`,
        actionUrl: deps.mailer.link('/books/tax'),
        ref: `tax-reminder:${due}`,
      });
    }
    return true;
  });
}

/** The reminders job: every user with a profile whose next estimate date is a week away or less. */
export async function runTaxReminders(deps: ReminderDeps): Promise<number> {
  const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  let count = 0;
  let after = '';
  for (;;) {
    const profiles = await repo.profilesAfter(deps.db, after, BATCH);
    for (const profile of profiles) {
      if (await remindOne(deps, profile.user_id, today)) count += 1;
    }
    if (profiles.length < BATCH) break;
    after = profiles[profiles.length - 1]!.user_id;
  }
  if (count > 0) deps.mailer.kick();
  return count;
}

export function taxRemindersJob(deps: ReminderDeps, everySeconds: number): Job {
  return { name: 'tax-reminders', everyMs: everySeconds * 1000, run: () => runTaxReminders(deps) };
}
