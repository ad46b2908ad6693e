import { formatDay } from '@contract/dates';
import { addDays } from '@contract/invoice-schedules';
import type { App } from '../app';
import { type TaxFace } from '../modules/forecast/forecast-tax';
import { createForecastService } from '../modules/forecast/forecast.service';
import { appRateSource } from '../modules/fx/rate-source';
import { createGoalsService } from '../modules/goals/goals.service';
import { createPaymentSchedulesService } from '../modules/payment-schedules/payment-schedules.service';
import { createTaxService } from '../modules/tax/tax.service';

/**
 * Test-side helpers for the forecast. The tests' "today" is the anchor: the next day from now that is at most
 * the 10th of its month, so that a charge on the anchor + 12 days, a month apart, never falls on a day a
 * shorter month lacks, and every date a test names is still to come when its invoices are sent and its
 * payments scheduled (both refuse past dates by the real clock).
 */
export const realToday = new Date().toISOString().slice(0, 10);
export const anchor = (() => {
  let day = realToday;
  while (Number(day.slice(8, 10)) > 10) day = addDays(day, 1);
  return day;
})();
/** The anchor + `offset` days. */
export const on = (offset: number) => addDays(anchor, offset);
export const short = (day: string) => formatDay(day, 'short');

/** The forecast service as the app wires it, with its clock at noon on `today` (and the tax face given). */
export function forecastAt(app: App, today: string, taxFace?: TaxFace) {
  const now = () => new Date(`${today}T12:00:00Z`);
  const rates = appRateSource(app);
  const goals = createGoalsService({ db: app.db, notifier: app.notifier });
  const tax = taxFace ?? createTaxService({ db: app.db, rates, goals, now });
  const scheduled = createPaymentSchedulesService({ db: app.db }).face;
  return createForecastService({ db: app.db, rates, goals, tax, scheduled, now });
}
