import type { Client } from '@contract/clients';
import type { InvoiceCurrency } from '@contract/invoices';
import { formatAmount } from '@contract/money';
import type { ClientRow } from '../../db/schema';
import type { ClientOwed } from '../invoices/invoices';

const nothingOwed: ClientOwed = { owed: [], openInvoices: 0 };

export function toClient(row: ClientRow, owed: ClientOwed = nothingOwed): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    taxId: row.tax_id,
    currency: row.currency as InvoiceCurrency,
    paymentTermsDays: Number(row.payment_terms_days),
    language: row.language,
    owed: owed.owed.map(({ currency, minor }) => ({ currency, amount: formatAmount(minor, currency) })),
    openInvoices: owed.openInvoices,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
