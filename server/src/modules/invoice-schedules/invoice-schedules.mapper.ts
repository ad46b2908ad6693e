import type { InvoiceItemInput } from '@contract/invoices';
import type { InvoiceSchedule } from '@contract/invoice-schedules';
import { Money } from '@contract/money';
import { lineAmountMinor, taxMinor } from '@contract/invoice-math';
import { parseAmount } from '@contract/money';
import type { InvoiceScheduleRow } from '../../db/schema';

export const itemsOfRow = (row: InvoiceScheduleRow) => JSON.parse(row.items) as InvoiceItemInput[];

/** What each invoice of the schedule comes to, by the invoice's own arithmetic (contract/invoice-math.ts). */
function totalOf(row: InvoiceScheduleRow): string {
  const amount = itemsOfRow(row).reduce(
    (sum, line) => sum + lineAmountMinor(line.quantity, parseAmount(line.unitPrice, row.currency)),
    0n,
  );
  return Money.of(amount + taxMinor(amount, row.tax_rate), row.currency).format();
}

export function toSchedule(row: InvoiceScheduleRow): InvoiceSchedule {
  return {
    id: row.id,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientAddress: row.client_address,
    projectTitle: row.project_title,
    description: row.description,
    currency: row.currency as InvoiceSchedule['currency'],
    taxRate: row.tax_rate,
    language: row.language,
    notes: row.notes,
    items: itemsOfRow(row),
    totalAmount: totalOf(row),
    paymentTermsDays: Number(row.payment_terms_days),
    autoSend: Number(row.auto_send) === 1,
    frequency: row.frequency,
    firstDate: row.first_date,
    endDate: row.end_date,
    endCount: row.end_count === null ? null : Number(row.end_count),
    status: row.status,
    nextDate: row.next_date,
    invoicesMade: Number(row.invoices_made),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
