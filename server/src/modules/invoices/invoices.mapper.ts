import { formatAmount, Money } from '@contract/money';
import type { Invoice, InvoiceItem, PublicInvoice } from '@contract/invoices';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import type { EmailRow } from './invoices.repository';

const EMAIL_KINDS = new Set(['invoice', 'reminder']);

export function toInvoiceItem(row: InvoiceItemRow, currency: InvoiceRow['currency']): InvoiceItem {
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    unitPrice: formatAmount(BigInt(row.unit_price), currency),
    amount: formatAmount(BigInt(row.amount), currency),
  };
}

/** The home-currency stamp; FX gain or loss once both moments are known. */
function homeStamp(row: InvoiceRow): Invoice['home'] {
  const currency = row.home_currency;
  const issued = row.issue_home_amount === null ? null : BigInt(row.issue_home_amount);
  const paid = row.paid_home_amount === null ? null : BigInt(row.paid_home_amount);
  return {
    currency,
    issueRate: row.issue_rate,
    issueAmount: issued === null ? null : formatAmount(issued, currency),
    paidRate: row.paid_rate,
    paidAmount: paid === null ? null : formatAmount(paid, currency),
    fxGainLoss: issued === null || paid === null ? null : formatAmount(paid - issued, currency),
  };
}

/** What the owner and the client both see: the invoice's own content and figures. */
function documentOf(row: InvoiceRow, items: InvoiceItemRow[]) {
  const money = (minor: bigint) => Money.of(BigInt(minor), row.currency).format();
  return {
    invoiceNumber: row.number,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientAddress: row.client_address,
    projectTitle: row.project_title,
    description: row.description,
    items: items.map((item) => toInvoiceItem(item, row.currency)),
    currency: row.currency as Invoice['currency'],
    amount: money(row.amount),
    taxRate: row.tax_rate,
    taxAmount: money(row.tax_amount),
    totalAmount: money(row.total_amount),
    issueDate: row.issue_date,
    dueDate: row.due_date,
    notes: row.notes,
    paidAt: row.paid_at,
  };
}

export function toInvoice(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  email: EmailRow | undefined,
  payUrl: (token: string) => string,
  canDelete: boolean,
): Invoice {
  return {
    ...documentOf(row, items),
    id: row.id,
    status: row.status,
    canDelete,
    sentAt: row.sent_at,
    paidVia: row.paid_via,
    payUrl: row.status === 'draft' ? null : payUrl(row.pay_token),
    home: homeStamp(row),
    email:
      email && EMAIL_KINDS.has(email.kind)
        ? {
            status: email.status,
            to: email.to_address,
            at: email.sent_at ?? email.created_at,
            kind: email.kind as 'invoice' | 'reminder',
          }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The client's view through the pay link: no ids, stamps or email state of the owner's. */
export function toPublicInvoice(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  from: { name: string; email: string },
  payBy: { canPayOnline: boolean; canPayByCard: boolean },
): PublicInvoice {
  if (row.status === 'draft') throw new Error('A draft has no public page');
  return { ...documentOf(row, items), from, status: row.status, ...payBy };
}
