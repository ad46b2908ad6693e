import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { RateSource } from '../fx/rate-source';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { PaymentsService } from '../payments/payments.service';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { seedDemoInvoices } from './demo-invoices';
import { overdueInvoicesJob } from './invoice-overdue';
import { createInvoicesFace } from './invoices';
import { invoiceRoutes } from './invoices.routes';
import { pdfFonts } from './pdf-fonts';
import { createInvoicesService } from './invoices.service';
import { publicInvoiceRoutes } from './public-invoices.routes';

/** Invoices a user sends, the public page their client pays from, and reminders when one is overdue. */
export async function invoicesModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    config: Config;
    rates: RateSource;
    mailer: Mailer;
    notifier: Notifier;
    auth: AuthService;
    payments: PaymentsService;
    webhooks: WebhookEvents;
  },
) {
  const { db, config, rates, mailer, notifier, auth, payments, webhooks } = deps;
  // The fonts are read now, once: a PDF_CJK_FONT that cannot be read stops the start, and a missing CJK font
  // is said once here rather than on every PDF.
  if (!pdfFonts(config.PDF_CJK_FONT).cjk) {
    app.log.warn(
      'Invoice PDFs: no CJK font installed (set PDF_CJK_FONT or install fonts-noto-cjk): Chinese, Japanese and Korean text will show as empty boxes',
    );
  }
  const invoices = createInvoicesService({ db, config, rates, mailer, notifier, payments, webhooks });
  payments.onPaid('invoice', invoices.cardPaid);
  invoices.registerMail();
  auth.onDemoSeed((seedDb, user) => seedDemoInvoices(seedDb, user.id, rates));

  await app.register(invoiceRoutes, { prefix: '/api/invoices', invoices });
  await app.register(publicInvoiceRoutes, { prefix: '/api/public/invoices', invoices });
  return {
    face: createInvoicesFace({ db, config, rates, mailer, notifier }),
    jobs: [
      overdueInvoicesJob(
        {
          db,
          mailer,
          notifier,
          webhooks,
          reminderDays: config.INVOICE_REMINDER_DAYS,
          payUrl: invoices.payUrl,
        },
        config.INVOICE_OVERDUE_INTERVAL_SECONDS,
      ),
    ],
  };
}
