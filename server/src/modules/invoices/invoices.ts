import type { Kysely } from 'kysely';
import { invoiceCurrencies, type InvoiceCurrency } from '@contract/invoices';
import type { Database } from '../../db/schema';
import * as repo from './invoices.repository';

/** What one client owes across their outstanding invoices: minor units per currency, and how many invoices. */
export interface ClientOwed {
  owed: Array<{ currency: InvoiceCurrency; minor: bigint }>;
  openInvoices: number;
}

/**
 * The invoices module's public face for the clients module: what each of the user's saved clients owes, by
 * client id (a client owing nothing is absent). Currencies are kept apart, in the order of invoiceCurrencies.
 */
export async function owedByClient(db: Kysely<Database>, userId: string): Promise<Map<string, ClientOwed>> {
  const rows = await repo.owedByClientRows(db, userId);
  const byClient = new Map<string, ClientOwed>();
  for (const row of rows) {
    const entry = byClient.get(row.client_id!) ?? { owed: [], openInvoices: 0 };
    entry.owed.push({ currency: row.currency as InvoiceCurrency, minor: BigInt(row.owed) });
    entry.openInvoices += Number(row.count);
    byClient.set(row.client_id!, entry);
  }
  const order = (currency: InvoiceCurrency) => invoiceCurrencies.indexOf(currency);
  for (const entry of byClient.values()) entry.owed.sort((a, b) => order(a.currency) - order(b.currency));
  return byClient;
}
