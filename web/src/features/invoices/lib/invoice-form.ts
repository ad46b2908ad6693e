import { amountProblem, Money, parseAmount } from '@contract/money';
import { lineAmountMinor, taxMinor } from '@contract/invoice-math';
import type { Client } from '@contract/clients';
import {
  createInvoiceBodySchema,
  type CreateInvoiceBody,
  type Invoice,
  type UpdateInvoiceBody,
  type InvoiceCurrency,
  type InvoiceLanguage,
} from '@contract/invoices';

export interface LineDraft {
  description: string;
  quantity: string;
  unitPrice: string;
}

export interface InvoiceDraft {
  /** The saved client picked, or '' when the client's details are typed in. */
  clientId: string;
  clientName: string;
  clientEmail: string;
  clientAddress: string;
  projectTitle: string;
  description: string;
  currency: InvoiceCurrency;
  /** The client's language: the PDF, the email and the pay page are written in it. */
  language: InvoiceLanguage;
  taxRate: string;
  dueDate: string;
  notes: string;
  items: LineDraft[];
  /** A deposit asked first: a percentage of the total or an amount, as `depositKind` says; blank for none. */
  deposit: string;
  depositKind: 'percent' | 'amount';
  /** The least part payment accepted; blank for any. */
  minimumPayment: string;
}

export const emptyLine = (): LineDraft => ({ description: '', quantity: '1', unitPrice: '' });

/** A new draft: USD, no tax (the sketch's defaults), due in 30 days. */
export function newInvoiceDraft(today = new Date()): InvoiceDraft {
  const due = new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    clientId: '',
    clientName: '',
    clientEmail: '',
    clientAddress: '',
    projectTitle: '',
    description: '',
    currency: 'USD',
    language: 'en',
    taxRate: '0',
    dueDate: due,
    notes: '',
    items: [emptyLine()],
    deposit: '',
    depositKind: 'percent',
    minimumPayment: '',
  };
}

/** A saved draft back in the form, to edit it. */
export function draftFromInvoice(invoice: Invoice): InvoiceDraft {
  return {
    clientId: invoice.clientId ?? '',
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    clientAddress: invoice.clientAddress,
    projectTitle: invoice.projectTitle,
    description: invoice.description,
    currency: invoice.currency,
    language: invoice.language,
    taxRate: invoice.taxRate,
    dueDate: invoice.dueDate,
    notes: invoice.notes,
    items: invoice.items.map(({ description, quantity, unitPrice }) => ({
      description,
      quantity,
      unitPrice,
    })),
    // The server keeps a deposit as an amount (a percentage is worked out when saved).
    deposit: /[1-9]/.test(invoice.balance.depositAmount) ? invoice.balance.depositAmount : '',
    depositKind: 'amount',
    minimumPayment: /[1-9]/.test(invoice.balance.minimumPayment) ? invoice.balance.minimumPayment : '',
  };
}

const filled = (line: LineDraft) => line.unitPrice.trim() !== '' || line.description.trim() !== '';

/**
 * The sketch's required fields: client name and email, project title, and an amount (a line with a price).
 * When one is missing the dialog says "Missing Information" rather than pointing at fields one by one.
 */
export function missingRequired(draft: InvoiceDraft): boolean {
  const priced = draft.items.some((line) => line.unitPrice.trim() !== '');
  return !draft.clientName.trim() || !draft.clientEmail.trim() || !draft.projectTitle.trim() || !priced;
}

/**
 * A saved client picked: their name, email, address, currency and language fill the form, and their payment
 * terms set the due date (today + terms, in UTC as the server dates invoices). The person can still change any of it.
 */
export function draftWithClient(draft: InvoiceDraft, client: Client, today = new Date()): InvoiceDraft {
  return {
    ...draft,
    clientId: client.id,
    clientName: client.name,
    clientEmail: client.email,
    clientAddress: client.address,
    currency: client.currency,
    language: client.language,
    dueDate: new Date(today.getTime() + client.paymentTermsDays * 86_400_000).toISOString().slice(0, 10),
  };
}

/** The request body: blank lines dropped, a line without a description named after the project. */
export function toCreateBody(draft: InvoiceDraft): CreateInvoiceBody {
  const { clientId, deposit, depositKind, minimumPayment, ...fields } = draft;
  return {
    ...fields,
    ...(clientId && { clientId }),
    ...(deposit.trim() &&
      (depositKind === 'percent' ? { depositPercent: deposit.trim() } : { depositAmount: deposit.trim() })),
    ...(minimumPayment.trim() && { minimumPayment: minimumPayment.trim() }),
    clientName: draft.clientName.trim(),
    clientEmail: draft.clientEmail.trim(),
    projectTitle: draft.projectTitle.trim(),
    taxRate: draft.taxRate.trim() || '0',
    items: draft.items.filter(filled).map((line) => ({
      description: line.description.trim() || draft.projectTitle.trim(),
      quantity: line.quantity.trim(),
      unitPrice: line.unitPrice.trim(),
    })),
  };
}

/** The PATCH body of an edited draft: as a new one, with a deposit or minimum left blank taken away. */
export function toUpdateBody(draft: InvoiceDraft): UpdateInvoiceBody {
  const body = toCreateBody(draft);
  return {
    ...body,
    ...(!draft.deposit.trim() && { depositAmount: null, depositPercent: null }),
    ...(draft.deposit.trim() && draft.depositKind === 'percent' && { depositAmount: null }),
    ...(draft.deposit.trim() && draft.depositKind === 'amount' && { depositPercent: null }),
    ...(!draft.minimumPayment.trim() && { minimumPayment: null }),
  };
}

/** Field errors from the contract's own schema, keyed as the server keys them ("items.0.unitPrice"). */
export function draftErrors(draft: InvoiceDraft): Record<string, string> {
  const parsed = createInvoiceBodySchema.safeParse(toCreateBody(draft));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  toCreateBody(draft).items?.forEach((line, index) => {
    const problem = amountProblem(line.unitPrice, draft.currency);
    if (problem && !errors[`items.${index}.unitPrice`]) errors[`items.${index}.unitPrice`] = problem;
  });
  // The form has one deposit field for both ways of giving it.
  const depositError = errors.depositPercent ?? errors.depositAmount;
  if (depositError) errors.deposit = depositError;
  return errors;
}

export interface DraftTotals {
  lines: Array<Money | null>;
  amount: Money;
  tax: Money;
  total: Money;
}

/** The figures the server will charge, previewed with the same arithmetic; a line not yet valid counts 0. */
export function draftTotals(draft: InvoiceDraft): DraftTotals {
  const { currency } = draft;
  const lines = draft.items.map((line) => {
    try {
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(line.quantity.trim())) return null;
      return Money.of(
        lineAmountMinor(line.quantity.trim(), parseAmount(line.unitPrice.trim(), currency)),
        currency,
      );
    } catch {
      return null;
    }
  });
  const amount = lines.reduce<Money>((sum, line) => (line ? sum.plus(line) : sum), Money.zero(currency));
  const rate = /^\d{1,3}(\.\d{1,2})?$/.test(draft.taxRate.trim()) ? draft.taxRate.trim() : '0';
  const tax = Money.of(taxMinor(amount.minor, rate), currency);
  return { lines, amount, tax, total: amount.plus(tax) };
}
