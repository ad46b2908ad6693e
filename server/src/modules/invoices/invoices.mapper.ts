import { formatAmount, Money } from '@contract/money';
import { payableNow, realisedFxMinor } from '@contract/invoice-math';
import type { Invoice, InvoiceItem, InvoicePayment, PublicInvoice } from '@contract/invoices';
import type { InvoiceItemRow, InvoicePaymentRow, InvoiceRow } from '../../db/schema';
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

/** The home-currency stamp; FX gain or loss once both moments are known, realised FX once anything is paid. */
function homeStamp(row: InvoiceRow, payments: InvoicePaymentRow[]): Invoice['home'] {
  const currency = row.home_currency;
  const issued = row.issue_home_amount === null ? null : BigInt(row.issue_home_amount);
  const paid = row.paid_home_amount === null ? null : BigInt(row.paid_home_amount);
  return {
    currency,
    issueRate: row.issue_rate,
    issueAmount: issued === null ? null : formatAmount(issued, currency),
    paidRate: row.paid_rate,
    paidAmount: paid === null ? null : formatAmount(paid, currency),
    fxGainLoss:
      issued === null || paid === null || row.status !== 'paid'
        ? null
        : formatAmount(paid - issued, currency),
    realisedFx:
      issued === null || payments.length === 0
        ? null
        : formatAmount(
            realisedFxMinor(
              payments.reduce((sum, payment) => sum + BigInt(payment.home_amount), 0n),
              issued,
              BigInt(row.paid_amount),
              BigInt(row.total_amount),
            ),
            currency,
          ),
  };
}

/** Paid, outstanding and what can be paid now (contract payableNow), with the payments oldest first. */
function balanceOf(row: InvoiceRow, payments: InvoicePaymentRow[]) {
  const money = (minor: bigint) => formatAmount(minor, row.currency);
  const paid = BigInt(row.paid_amount);
  const now = payableNow({
    total: BigInt(row.total_amount),
    deposit: BigInt(row.deposit_amount),
    minimum: BigInt(row.min_payment),
    paid,
  });
  return {
    paidAmount: money(paid),
    outstandingAmount: money(now.outstanding),
    depositAmount: money(BigInt(row.deposit_amount)),
    depositDue: money(now.depositDue),
    minimumPayment: money(BigInt(row.min_payment)),
    dueNow: money(now.dueNow),
    leastNow: money(now.least),
    payments: payments.map((payment): InvoicePayment => ({
      amount: money(BigInt(payment.amount)),
      via: payment.via,
      paidAt: payment.paid_at,
      rate: payment.rate,
      homeAmount: formatAmount(BigInt(payment.home_amount), payment.home_currency),
    })),
  };
}

/** What the owner and the client both see: the invoice's own content and figures. */
function documentOf(row: InvoiceRow, items: InvoiceItemRow[], payments: InvoicePaymentRow[]) {
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
    language: row.language,
    paidAt: row.paid_at,
    balance: balanceOf(row, payments),
  };
}

export function toInvoice(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  payments: InvoicePaymentRow[],
  email: EmailRow | undefined,
  payUrl: (token: string) => string,
  canDelete: boolean,
): Invoice {
  return {
    ...documentOf(row, items, payments),
    id: row.id,
    clientId: row.client_id,
    status: row.status,
    canDelete,
    sentAt: row.sent_at,
    paidVia: row.paid_via,
    payUrl: row.status === 'draft' ? null : payUrl(row.pay_token),
    home: homeStamp(row, payments),
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
  payments: InvoicePaymentRow[],
  from: { name: string; email: string },
  payBy: { canPayOnline: boolean; canPayByCard: boolean; cardPaymentInProgress: string | null },
): PublicInvoice {
  if (row.status === 'draft') throw new Error('A draft has no public page');
  const document = documentOf(row, items, payments);
  // The client sees each payment's amount, route and date, not the owner's home-currency values.
  const balance = {
    ...document.balance,
    payments: document.balance.payments.map(({ amount, via, paidAt }) => ({ amount, via, paidAt })),
  };
  return { ...document, balance, from, status: row.status, ...payBy };
}
