import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InvoiceCurrency, InvoiceItemInput, InvoiceStatus } from '@contract/invoices';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { RateSource } from '../fx/rate-source';
import { stampInHomeCurrency } from './home-stamp';
import { invoiceFigures } from './invoice-figures';
import { formatInvoiceNumber, takeInvoiceNumber } from './invoice-number';
import * as repo from './invoices.repository';
import { itemRows } from './draft-figures';

interface DemoInvoice {
  client: { name: string; email: string; address: string };
  project: string;
  currency: InvoiceCurrency;
  taxRate: string;
  items: InvoiceItemInput[];
  status: Extract<InvoiceStatus, 'draft' | 'sent' | 'overdue'>;
  /** Issued this many days ago; due `dueInDays` after that. */
  issuedDaysAgo: number;
  dueInDays: number;
}

/** The demo's open invoices: its story's past client payments arrived by transfer; these are still to be paid. */
const demoInvoices: DemoInvoice[] = [
  {
    client: {
      name: 'Kestrel Media GmbH',
      email: 'rechnung@kestrel-media.de',
      address: 'Torstraße 12\n10119 Berlin\nGermany',
    },
    project: 'Campaign landing pages',
    currency: 'EUR',
    taxRate: '19',
    items: [
      { description: 'Landing page design', quantity: '3', unitPrice: '450.00' },
      { description: 'Copy review', quantity: '4.5', unitPrice: '60.00' },
    ],
    status: 'overdue',
    issuedDaysAgo: 35,
    dueInDays: 30,
  },
  {
    client: {
      name: 'Atlas Freight Co.',
      email: 'payables@atlasfreight.co',
      address: '500 Harbor Way\nOakland, CA 94607',
    },
    project: 'Shipment tracking dashboard',
    currency: 'USD',
    taxRate: '0',
    items: [{ description: 'Dashboard build (fixed fee)', quantity: '1', unitPrice: '3200.00' }],
    status: 'sent',
    issuedDaysAgo: 4,
    dueInDays: 14,
  },
  {
    client: { name: 'Lumen Labs', email: 'billing@lumenlabs.io', address: '' },
    project: 'Design system audit',
    currency: 'USD',
    taxRate: '0',
    items: [{ description: 'Audit and report', quantity: '16', unitPrice: '95.00' }],
    status: 'draft',
    issuedDaysAgo: 0,
    dueInDays: 30,
  },
];

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** For auth's onDemoSeed hook: a draft, a sent and an overdue invoice, numbered like any others. */
export async function seedDemoInvoices(
  db: Kysely<Database>,
  userId: string,
  rates: RateSource,
  now = new Date(),
) {
  const stamps = await Promise.all(
    demoInvoices.map((invoice) => {
      const figures = invoiceFigures(invoice.currency, invoice.items, invoice.taxRate);
      return stampInHomeCurrency(rates, figures.totalAmount, 'USD').then((stamp) => ({ figures, stamp }));
    }),
  );
  await db.transaction().execute(async (trx) => {
    for (const [index, invoice] of demoInvoices.entries()) {
      const { figures, stamp } = stamps[index]!;
      const issued = new Date(now.getTime() - invoice.issuedDaysAgo * 86_400_000);
      const year = issued.getUTCFullYear();
      const sequence = await takeInvoiceNumber(trx, userId, year);
      const id = newId();
      const draft = invoice.status === 'draft';
      await repo.insertInvoice(trx, {
        id,
        user_id: userId,
        number: formatInvoiceNumber(year, sequence),
        year,
        sequence,
        client_name: invoice.client.name,
        client_email: invoice.client.email,
        client_address: invoice.client.address,
        project_title: invoice.project,
        description: '',
        currency: invoice.currency,
        amount: figures.amount.minor,
        tax_rate: invoice.taxRate,
        tax_amount: figures.taxAmount.minor,
        total_amount: figures.totalAmount.minor,
        issue_date: isoDay(issued),
        due_date: isoDay(new Date(issued.getTime() + invoice.dueInDays * 86_400_000)),
        notes: 'Thank you for your business.',
        status: invoice.status,
        pay_token: randomBytes(16).toString('base64url'),
        home_currency: 'USD',
        issue_rate: draft ? null : stamp.rate,
        issue_home_amount: draft ? null : stamp.homeAmount,
        paid_rate: null,
        paid_home_amount: null,
        paid_via: null,
        payment_entry_id: null,
        sent_at: draft ? null : issued.toISOString(),
        paid_at: null,
        created_at: issued.toISOString(),
        updated_at: issued.toISOString(),
      });
      await repo.replaceItems(trx, id, itemRows(id, figures));
    }
  });
}
