import type { Invoice } from '@contract/invoices';
import { displayMoney, Money } from '@contract/money';
import type { Notice } from '../notifications/notifier';

/** Told when a period's invoice was made, then (auto-send) once it went out or could not. */
const totalOf = (invoice: Invoice) => displayMoney(Money.parse(invoice.totalAmount, invoice.currency));
export const notices = {
  drafted: (invoice: Invoice): Notice => ({
    category: 'info',
    type: 'payment',
    title: 'Recurring invoice drafted',
    message: `Invoice ${invoice.invoiceNumber} to ${invoice.clientName} (${totalOf(invoice)}), issued ${invoice.issueDate}, is a draft: review it and send it.`,
    actionUrl: '/invoices',
    actionText: 'Review',
  }),
  sent: (invoice: Invoice): Notice => ({
    category: 'success',
    type: 'payment',
    title: 'Recurring invoice sent',
    message: `Invoice ${invoice.invoiceNumber} (${totalOf(invoice)}) was sent to ${invoice.clientName}.`,
    actionUrl: '/invoices',
    actionText: 'View',
  }),
  notSent: (invoice: Invoice, reason: string): Notice => ({
    category: 'warning',
    type: 'payment',
    title: 'Recurring invoice not sent',
    message: `Invoice ${invoice.invoiceNumber} to ${invoice.clientName} was made as a draft but not sent: ${reason}`,
    actionUrl: '/invoices',
    actionText: 'Review',
  }),
};
