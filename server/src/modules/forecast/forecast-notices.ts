import type { Kysely } from 'kysely';
import { formatDay } from '@contract/dates';
import type { ForecastWarning } from '@contract/forecast';
import { displayMoney, Money } from '@contract/money';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { newId } from '../../lib/ids';
import type { Notifier } from '../notifications/notifier';
import type { ForecastService } from './forecast.service';
import { refreshTaxEstimate, type TaxFace } from './forecast-tax';
import * as repo from './forecast.repository';

const BATCH = 200;
/** The window the job watches: the default forecast's, what the dashboard shows. */
const WATCHED_DAYS = 90;

export interface WarningNoticeDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  forecast: Pick<ForecastService, 'forecast'>;
  tax: TaxFace;
  now?: () => Date;
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
 * runs and processes; the forecast itself is read outside the transaction. The kept tax estimate is
 * refreshed here first, once a day, so that no forecast request has to total the tax year.
 */
async function tellUser(deps: WarningNoticeDeps, userId: string): Promise<number> {
  await refreshTaxEstimate(
    deps.db,
    deps.tax,
    userId,
    (deps.now?.() ?? new Date()).toISOString().slice(0, 10),
  );
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

/**
 * The warnings job: the forecast of every user due a check, in pages of users; returns how many new warnings
 * were told. Each page is claimed first (forecast_checks), so however many processes run the job, a user's
 * forecast is computed once per `everyMs`; a user is due again that long after being claimed. One user's
 * failure does not keep the others from being told: the walk goes on, and the run then fails with the first
 * error (the scheduler logs it and records the run as failed).
 */
export async function runForecastWarnings(deps: WarningNoticeDeps, everyMs: number): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const due = now.toISOString();
  const next = new Date(now.getTime() + everyMs).toISOString();
  let told = 0;
  let after = '';
  let failure: unknown = null;
  for (;;) {
    const candidates = await repo.dueUsersAfter(deps.db, due, after, BATCH);
    for (const userId of await repo.claimChecks(deps.db, candidates, due, next)) {
      try {
        told += await tellUser(deps, userId);
      } catch (error) {
        failure ??= error;
      }
    }
    if (candidates.length < BATCH) break;
    after = candidates[candidates.length - 1]!;
  }
  if (failure) throw failure;
  return told;
}

export function forecastWarningsJob(deps: WarningNoticeDeps, everySeconds: number): Job {
  const everyMs = everySeconds * 1000;
  return { name: 'forecast-warnings', everyMs, run: () => runForecastWarnings(deps, everyMs) };
}
