import { z } from 'zod';
import { emailSchema } from './auth';
import { invoiceCurrencies } from './invoices';
import { invoiceLanguages } from './languages';
import { multiLineText, singleLineText } from './text';

/**
 * Saved clients: who a freelancer invoices, kept so the invoice form fills itself. An invoice copies the
 * client's name, email and address when it is made, so changing or deleting a client never rewrites an invoice
 * already made; the invoice also keeps the client's id, by which the list filters and the owed figure is summed.
 */

/** A client's language is the one their invoices are written in (PDF, emails, pay page). */
export {
  invoiceLanguages as clientLanguages,
  invoiceLanguageNames as clientLanguageNames,
  type InvoiceLanguage as ClientLanguage,
} from './languages';

export const MAX_CLIENTS = 500;
/** Payment terms: the invoice falls due this many days after it is made (0: on receipt). */
export const MAX_PAYMENT_TERMS_DAYS = 365;

const clientFields = {
  name: singleLineText(120, {
    required: 'Client name is required',
    tooLong: 'Client name can be at most 120 characters',
  }),
  email: emailSchema,
  address: multiLineText(500, { tooLong: 'The address can be at most 500 characters' }).default(''),
  taxId: singleLineText(50, { tooLong: 'The tax id can be at most 50 characters' }).default(''),
  currency: z
    .enum(invoiceCurrencies, { error: `currency must be one of ${invoiceCurrencies.join(', ')}` })
    .default('USD'),
  paymentTermsDays: z
    .number({ error: 'Payment terms must be a whole number of days' })
    .int('Payment terms must be a whole number of days')
    .min(0, 'Payment terms cannot be negative')
    .max(MAX_PAYMENT_TERMS_DAYS, `Payment terms can be at most ${MAX_PAYMENT_TERMS_DAYS} days`)
    .default(30),
  language: z
    .enum(invoiceLanguages, { error: `language must be one of ${invoiceLanguages.join(', ')}` })
    .default('en'),
};

/** POST /api/clients → 201 Client; 409 when the user already has a client with this email. */
export const createClientBodySchema = z.object(clientFields);
export type CreateClientBody = z.input<typeof createClientBodySchema>;
export type CreateClientRequest = z.output<typeof createClientBodySchema>;

/** PATCH /api/clients/{id}: fields absent stay as they are (409 when the new email is another client's). */
export const updateClientBodySchema = z
  .object({
    ...clientFields,
    address: clientFields.address.unwrap(),
    taxId: clientFields.taxId.unwrap(),
    currency: clientFields.currency.unwrap(),
    paymentTermsDays: clientFields.paymentTermsDays.unwrap(),
    language: clientFields.language.unwrap(),
  })
  .partial();
export type UpdateClientBody = z.input<typeof updateClientBodySchema>;
export type UpdateClientRequest = z.output<typeof updateClientBodySchema>;

/** An amount in one currency, a decimal string as money always travels. */
export const owedAmountSchema = z.object({
  currency: z.enum(invoiceCurrencies),
  amount: z.string(),
});
export type OwedAmount = z.infer<typeof owedAmountSchema>;

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  taxId: z.string(),
  currency: z.enum(invoiceCurrencies),
  paymentTermsDays: z.number().int(),
  language: z.enum(invoiceLanguages),
  /**
   * What the client owes: the outstanding part of their sent and overdue invoices, one entry per currency
   * (currencies are never added together), in the order of `invoiceCurrencies`; empty when nothing is owed.
   */
  owed: z.array(owedAmountSchema),
  /** How many of their invoices are waiting to be paid. */
  openInvoices: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** GET /api/clients: every client of the user (at most MAX_CLIENTS), by name. */
export const clientListSchema = z.array(clientSchema);
