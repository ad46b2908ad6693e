import type { Kysely } from 'kysely';
import { formatDay } from '@contract/dates';
import type { ForecastWarning } from '@contract/forecast';
import { displayMoney, Money } from '@contract/money';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { newId } from '../../lib/ids';
import type { Notifier } from '../notifications/notifier';
import type { ForecastService } from './forecast.service';
import * as repo from './forecast.repository';

const BATCH = 200;
/** The window the job watches: the default forecast's, what the dashboard shows. */
const WATCHED_DAYS = 90;

export interface WarningNoticeDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  forecast: Pick<ForecastService, 'forecast'>;
}

/** A signed amount of the wire ("-287.00") as money: the balance a warning names is often below zero. */
function signed(amount: string, currency: ForecastWarning['currency']) {
  return amount.startsWith('-')
    ? Money.parse(amount.slice(1), currency).negated()
    : Money.parse(amount, currency);
}

function noticeOf(warning: ForecastWarning) {
  const balance = displayMoney(signed(warning.balance, warning.currency));
  const under =
    warning.kind === 'below_zero'
      ? 'below zero'
      : `below your floor of ${displayMoney(Money.parse(warning.floor, warning.currency))}`;
  return {
    category: 'warning' as const,
    type: 'system' as const,
    title: `Your ${warning.currency} wallet may go ${under}`,
    message:
      `On ${formatDay(warning.date)} your ${warning.currency} balance is expected to be ${balance} ` +
      `(${warning.cause}).${warning.fixes[0] ? ` ${warning.fixes[0].label}.` : ''}`,
    actionUrl: '/dashboard',
    actionText: 'See forecast',
  };
}

/**
 * One user's new warnings: each is inserted into forecast_warnings (UNIQUE per user, currency, kind, day and
 * cause) in the transaction that raises its notification, so a warning is told once whatever the number of
 * runs and processes; the forecast itself is read outside the transaction (it only reads).
 */
async function tellUser(deps: WarningNoticeDeps, userId: string): Promise<number> {
  const { warnings } = await deps.forecast.forecast(userId, WATCHED_DAYS);
  let told = 0;
  for (const warning of warnings) {
    const inserted = await deps.db.transaction().execute(async (trx) => {
      const fresh = await repo.insertWarning(trx, {
        id: newId(),
        user_id: userId,
        currency: warning.currency,
        kind: warning.kind,
        warning_date: warning.date,
        cause: warning.cause,
        created_at: new Date().toISOString(),
      });
      if (fresh) await deps.notifier.raise(trx, userId, noticeOf(warning));
      return fresh;
    });
    if (inserted) told += 1;
  }
  return told;
}

/** The warnings job: every user's forecast, in pages of users; returns how many new warnings were told. */
export async function runForecastWarnings(deps: WarningNoticeDeps): Promise<number> {
  let told = 0;
  let after = '';
  for (;;) {
    const users = await repo.usersAfter(deps.db, after, BATCH);
    for (const userId of users) told += await tellUser(deps, userId);
    if (users.length < BATCH) break;
    after = users[users.length - 1]!;
  }
  return told;
}

export function forecastWarningsJob(deps: WarningNoticeDeps, everySeconds: number): Job {
  return { name: 'forecast-warnings', everyMs: everySeconds * 1000, run: () => runForecastWarnings(deps) };
}
