import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { InvoicesFace } from '../invoices/invoices';
import type { Notifier } from '../notifications/notifier';
import { invoiceScheduleRoutes } from './invoice-schedules.routes';
import { createInvoiceSchedulesService } from './invoice-schedules.service';
import { invoiceSchedulesJob } from './schedule-runs';

/** Recurring invoices: schedules that make (and send) an invoice every period, through the invoices module. */
export async function invoiceSchedulesModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; notifier: Notifier; invoices: InvoicesFace },
) {
  const { db, config, notifier, invoices } = deps;
  const schedules = createInvoiceSchedulesService({ db, invoices });
  await app.register(invoiceScheduleRoutes, { prefix: '/api/invoice-schedules', schedules });
  return {
    jobs: [invoiceSchedulesJob({ db, notifier, invoices }, config.INVOICE_SCHEDULE_INTERVAL_SECONDS)],
  };
}
