import type { Kysely } from 'kysely';
import type { InvoiceStatus } from '@contract/invoices';
import { invoiceStatusMoves } from '@contract/invoices';
import type { Config } from '../../config/env';
import type { Database, InvoiceRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { RateSource } from '../fx/rate-source';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { PaymentsService } from '../payments/payments.service';
import * as repo from './invoices.repository';

/** What every invoice use case works with. */
export interface InvoicesDeps {
  db: Kysely<Database>;
  config: Config;
  rates: RateSource;
  mailer: Mailer;
  notifier: Notifier;
  /** The payment rail: cards through Stripe when configured (invoice-card-payments.ts). */
  payments: PaymentsService;
  /** Announces invoice events to the owner's webhooks (none when a test builds the service by hand). */
  webhooks?: WebhookEvents;
}

/** What making, sending and listing invoices work with: everything but the payment rail. */
export type InvoiceCoreDeps = Omit<InvoicesDeps, 'payments'>;

/** The pay link of an invoice: the web page `/pay/{token}` on this server's public address. */
export const payUrlOf = (mailer: Mailer, token: string) => mailer.link(`/pay/${token}`);

/** Today as a UTC day: what due dates and issue dates are compared with and stamped as. */
export const today = () => new Date().toISOString().slice(0, 10);

/** The caller's own invoice (locked for the transaction with `lock`); another user's is simply not found. */
export async function ownInvoice(db: Kysely<Database>, userId: string, id: string, lock = false) {
  const invoice = await repo.findInvoice(db, userId, id, lock);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** The 409 of a status change the invoice's status does not allow, naming the moves it does. */
export function illegalMove(invoice: InvoiceRow, to: InvoiceStatus) {
  const allowed = invoiceStatusMoves[invoice.status];
  const hint = allowed.length ? `it can only become ${allowed.join(' or ')}` : 'it cannot change any more';
  return new AppError('CONFLICT', `Invoice ${invoice.number} is ${invoice.status}: ${hint} (not ${to})`);
}
