import { z } from 'zod';
import { emailSchema } from './auth';
import { currencySchema, type Currency } from './currencies';
import { isoDateSchema } from './dates';
import { invoiceCeilingIssues, invoiceTotalMinor } from './invoice-math';
import { invoiceLanguages } from './languages';
import { amountStringSchema, parseAmount } from './money';
import { multiLineText, singleLineText } from './text';

/**
 * Invoices & Billing. Money on the wire is a decimal string in the invoice's currency; inside, minor units.
 *
 * Figures (server/src/modules/invoices/invoice-figures.ts does the arithmetic, once):
 * - each line's amount = quantity × unit price, rounded half up to the currency's minor unit;
 * - `amount` = the sum of the lines; `taxAmount` = amount × taxRate %, rounded half up; `totalAmount` = both.
 *
 * Numbers (`INV-2026-0001`) are the server's: per user and calendar year (UTC), sequential, assigned when the
 * invoice is created; whatever number a client sends is ignored.
 */
export const invoiceCurrencies = ['USD', 'EUR', 'GBP', 'BTC', 'ETH'] as const satisfies Currency[];
export type InvoiceCurrency = (typeof invoiceCurrencies)[number];

export { invoiceLanguages, invoiceLanguageNames, type InvoiceLanguage } from './languages';

/** The client's language: the invoice's PDF, its emails and its pay page speak it (i18n.ts). */
export const invoiceLanguageSchema = z.enum(invoiceLanguages, {
  error: `language must be one of ${invoiceLanguages.join(', ')}`,
});

/** `partially_paid`: some of it has come in (a deposit or a part payment), the rest is still due. */
export const invoiceStatuses = ['draft', 'sent', 'partially_paid', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * The moves `PUT /api/invoices/{id}/status` allows; anything else is a 409. `sent` is the send action (the
 * client is emailed); `paid` records a payment received outside the pay link. `overdue` is set by the
 * scheduler only, when a sent invoice passes its due date.
 */
export const invoiceStatusMoves: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent'],
  sent: ['paid'],
  partially_paid: ['paid'],
  overdue: ['paid'],
  paid: [],
};

/** How a payment reached an invoice: its pay link, recorded by its owner, or a card rail. */
export const paymentRoutes = ['pay_link', 'manual', 'card'] as const;
export type PaymentRoute = (typeof paymentRoutes)[number];

export const MAX_INVOICE_ITEMS = 50;

/** A line's quantity: up to 2 decimals (1.5 hours), more than 0, at most 1,000,000. */
export const quantitySchema = z
  .string({ error: 'Quantity is required' })
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Quantity must be a number with at most 2 decimals, such as 1.5')
  .refine((text) => /[1-9]/.test(text), 'Quantity must be greater than 0')
  .refine((text) => Number(text) <= 1_000_000, 'Quantity can be at most 1,000,000');

/** A tax rate in percent, 0–100 with up to 2 decimals ("8.25"). */
export const taxRateSchema = z
  .string({ error: 'Tax rate must be a percentage such as 8.25' })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Tax rate must be a percentage such as 8.25')
  .refine((text) => Number(text) <= 100, 'Tax rate can be at most 100%');

/** A deposit as a share of the total, in percent: more than 0, at most 100, up to 2 decimals. */
export const depositPercentSchema = z
  .string({ error: 'The deposit must be a percentage such as 30' })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The deposit must be a percentage such as 30')
  .refine((text) => /[1-9]/.test(text), 'The deposit must be more than 0%')
  .refine((text) => Number(text) <= 100, 'The deposit can be at most 100%');

export const invoiceItemInputSchema = z.object({
  description: singleLineText(200, {
    required: 'Each line needs a description',
    tooLong: 'A line description can be at most 200 characters',
  }),
  quantity: quantitySchema,
  unitPrice: amountStringSchema,
});
export type InvoiceItemInput = z.infer<typeof invoiceItemInputSchema>;

const invoiceFields = {
  clientName: singleLineText(120, {
    required: 'Client name is required',
    tooLong: 'Client name can be at most 120 characters',
  }),
  clientEmail: emailSchema,
  clientAddress: multiLineText(500, { tooLong: 'The address can be at most 500 characters' }).default(''),
  projectTitle: singleLineText(150, {
    required: 'Project title is required',
    tooLong: 'Project title can be at most 150 characters',
  }),
  description: multiLineText(2000, { tooLong: 'The description can be at most 2,000 characters' }).default(
    '',
  ),
  currency: z
    .enum(invoiceCurrencies, { error: `currency must be one of ${invoiceCurrencies.join(', ')}` })
    .default('USD'),
  taxRate: taxRateSchema.default('0'),
  language: invoiceLanguageSchema.default('en'),
  dueDate: isoDateSchema('Due date'),
  notes: multiLineText(2000, { tooLong: 'Notes can be at most 2,000 characters' }).default(''),
  /** The lines. Without them, `amount` makes one line: the project title, quantity 1. */
  items: z
    .array(invoiceItemInputSchema)
    .min(1, 'Add at least one line')
    .max(MAX_INVOICE_ITEMS, `An invoice can have at most ${MAX_INVOICE_ITEMS} lines`)
    .optional(),
  /** The sketch's single amount (before tax). With `items` as well, it must equal their sum (else 422). */
  amount: amountStringSchema.optional(),
  /**
   * A deposit asked before the rest: a percentage of the total (`depositPercent`, "30") or an amount
   * (`depositAmount`), one or neither. The server keeps it as an amount, worked out when the invoice is saved.
   */
  depositPercent: depositPercentSchema.optional(),
  depositAmount: amountStringSchema.optional(),
  /** The least part payment accepted (a client may always pay the whole of what is left). */
  minimumPayment: amountStringSchema.optional(),
};

/** A saved client's id (GET /api/clients); another user's client is a 404. */
const clientIdSchema = z.string().min(1, 'Not a valid client').max(100, 'Not a valid client');

/** The deposit and minimum checked against the invoice's total: each at most the total. */
function paymentTermIssues(body: {
  currency: Currency;
  items?: readonly { quantity: string; unitPrice: string }[] | undefined;
  amount?: string | undefined;
  taxRate: string;
  depositPercent?: string | undefined;
  depositAmount?: string | undefined;
  minimumPayment?: string | undefined;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (body.depositPercent !== undefined && body.depositAmount !== undefined) {
    issues.push({
      path: ['depositAmount'],
      message: 'Give the deposit as a percentage or an amount, not both',
    });
  }
  const lines =
    body.items ?? (typeof body.amount === 'string' ? [{ quantity: '1', unitPrice: body.amount }] : []);
  const total = invoiceTotalMinor(body.currency, lines, body.taxRate);
  if (total === null) return issues;
  const over = (text: string | undefined) => {
    if (typeof text !== 'string') return false;
    try {
      return parseAmount(text, body.currency) > total;
    } catch {
      return false;
    }
  };
  if (over(body.depositAmount)) {
    issues.push({ path: ['depositAmount'], message: 'The deposit cannot be more than the total' });
  }
  if (over(body.minimumPayment)) {
    issues.push({ path: ['minimumPayment'], message: 'The minimum payment cannot be more than the total' });
  }
  return issues;
}

/**
 * POST /api/invoices. Created as a draft, numbered by the server. The sketch's `invoiceNumber`, `taxAmount`,
 * `totalAmount`, `issueDate` and `status` may be sent and are ignored: the server works them out.
 *
 * With `clientId` (a saved client), the client's name, email and address fill whichever of `clientName`,
 * `clientEmail` and `clientAddress` are left out; the invoice keeps its own copy of them either way.
 */
export const createInvoiceBodySchema = z
  .object({
    ...invoiceFields,
    clientId: clientIdSchema.optional(),
    clientName: invoiceFields.clientName.optional(),
    clientEmail: invoiceFields.clientEmail.optional(),
    clientAddress: invoiceFields.clientAddress.unwrap().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.clientId !== undefined) return;
    if (body.clientName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['clientName'], message: 'Client name is required' });
    }
    if (body.clientEmail === undefined) {
      ctx.addIssue({ code: 'custom', path: ['clientEmail'], message: 'Enter a valid email address' });
    }
  })
  .refine((body) => body.items !== undefined || body.amount !== undefined, {
    message: 'Add at least one line or an amount',
    path: ['amount'],
  })
  .superRefine((body, ctx) => {
    // The sketch's lone amount is one line of quantity 1: its problems are the amount's.
    const lines =
      body.items ?? (typeof body.amount === 'string' ? [{ quantity: '1', unitPrice: body.amount }] : []);
    for (const issue of invoiceCeilingIssues(body.currency, lines, body.taxRate)) {
      ctx.addIssue({ code: 'custom', path: body.items ? issue.path : ['amount'], message: issue.message });
    }
    for (const issue of paymentTermIssues(body)) ctx.addIssue({ code: 'custom', ...issue });
  });
/** What a client sends (defaults may be left out)… */
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;
/** …and what the server reads once the defaults are in. */
export type CreateInvoiceRequest = z.output<typeof createInvoiceBodySchema>;

/**
 * PATCH /api/invoices/{id}: only while the invoice is a draft (409 after). Fields absent stay as they are.
 * `clientId` links a saved client (filling the client fields left out, as on create); null unlinks.
 */
export const updateInvoiceBodySchema = z
  .object({
    ...invoiceFields,
    clientId: clientIdSchema.nullable(),
    clientAddress: invoiceFields.clientAddress.unwrap(),
    description: invoiceFields.description.unwrap(),
    currency: invoiceFields.currency.unwrap(),
    taxRate: invoiceFields.taxRate.unwrap(),
    language: invoiceFields.language.unwrap(),
    notes: invoiceFields.notes.unwrap(),
    // null takes the deposit or minimum away; absent keeps it.
    depositPercent: depositPercentSchema.nullable(),
    depositAmount: amountStringSchema.nullable(),
    minimumPayment: amountStringSchema.nullable(),
  })
  .partial();
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;
export type UpdateInvoiceRequest = z.output<typeof updateInvoiceBodySchema>;

/** PUT /api/invoices/{id}/status (the sketch's call). */
export const invoiceStatusBodySchema = z.object({
  status: z.enum(invoiceStatuses, { error: `status must be one of ${invoiceStatuses.join(', ')}` }),
});
export type InvoiceStatusBody = z.infer<typeof invoiceStatusBodySchema>;

/**
 * GET /api/invoices/{id}/email-preview: the email the client gets when the invoice is sent, rendered by the
 * template that sends it. `willEmail` is false for a demo account: its invoices never email anyone.
 */
export const invoiceEmailPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  willEmail: z.boolean(),
});
export type InvoiceEmailPreview = z.infer<typeof invoiceEmailPreviewSchema>;

/**
 * GET /api/invoices?status=&q=&clientId=: newest first; `q` matches the number, client name or email, or
 * project; `clientId` keeps the invoices made for that saved client.
 */
export const invoiceListQuerySchema = z.object({
  clientId: clientIdSchema.optional(),
  status: z
    .enum(invoiceStatuses, { error: `status must be one of ${invoiceStatuses.join(', ')}` })
    .optional(),
  q: singleLineText(100, { tooLong: 'Search text can be at most 100 characters' }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
/** The list answers at most this many invoices (newest first); search narrows it. */
export const INVOICE_LIST_MAX = 500;

export const invoiceItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/**
 * Where the invoice's email stands. `stored`: no mail server is configured, so it was kept in the outbox and
 * not emailed; `pending`: waiting for the mail server; `sent`; `failed`: the mail server kept refusing it.
 */
export const invoiceEmailSchema = z.object({
  status: z.enum(['stored', 'pending', 'sent', 'failed']),
  to: z.string(),
  at: z.string(),
  kind: z.enum(['invoice', 'reminder']),
});
export type InvoiceEmail = z.infer<typeof invoiceEmailSchema>;

/**
 * The home-currency stamp: what the invoice was worth in the user's home currency when it was issued (sent)
 * and when it was paid, at the mid-market rate of each moment. `fxGainLoss` = paid − issued (negative: a
 * loss); the figures a freelancer's tax return asks for. Null fields: that moment has not come yet.
 */
export const homeCurrencyStampSchema = z.object({
  currency: currencySchema,
  issueRate: z.string().nullable(),
  issueAmount: z.string().nullable(),
  paidRate: z.string().nullable(),
  paidAmount: z.string().nullable(),
  fxGainLoss: z.string().nullable(),
  /**
   * Realised FX of the payments so far: each payment's home value at its own rate, less the paid share of the
   * issue-time value (contract invoice-math.ts realisedFxMinor). Null before any payment or without a stamp.
   */
  realisedFx: z.string().nullable(),
});
export type HomeCurrencyStamp = z.infer<typeof homeCurrencyStampSchema>;

/** One payment of an invoice, as the client sees it. */
export const invoicePaymentSchema = z.object({
  amount: z.string(),
  via: z.enum(paymentRoutes),
  paidAt: z.string(),
});
/** …and as the owner does: with its home-currency value at that payment's own rate. */
export const ownerPaymentSchema = invoicePaymentSchema.extend({
  rate: z.string(),
  homeAmount: z.string(),
});
export type InvoicePayment = z.infer<typeof ownerPaymentSchema>;

/**
 * Paid and outstanding (contract invoice-math.ts payableNow): `dueNow` is what the pay link asks by default
 * (the deposit while due, then the balance), `leastNow` the least one payment may be; at most outstanding.
 */
const invoiceBalanceSchema = <P extends z.ZodTypeAny>(payment: P) =>
  z.object({
    paidAmount: z.string(),
    outstandingAmount: z.string(),
    depositAmount: z.string(),
    depositDue: z.string(),
    minimumPayment: z.string(),
    dueNow: z.string(),
    leastNow: z.string(),
    /** Oldest first. */
    payments: z.array(payment),
  });
export type InvoiceBalance = z.infer<ReturnType<typeof invoiceBalanceSchema<typeof invoicePaymentSchema>>>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientAddress: z.string(),
  /** The saved client it was made for; null when typed in, or that client was deleted since. */
  clientId: z.string().nullable(),
  projectTitle: z.string(),
  description: z.string(),
  items: z.array(invoiceItemSchema),
  currency: z.enum(invoiceCurrencies),
  amount: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  notes: z.string(),
  language: invoiceLanguageSchema,
  status: z.enum(invoiceStatuses),
  /** Whether DELETE would succeed: only the newest draft can go, or the numbering would have a gap. */
  canDelete: z.boolean(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** How its last payment came: through the pay link, recorded by hand, or by card. */
  paidVia: z.enum(paymentRoutes).nullable(),
  balance: invoiceBalanceSchema(ownerPaymentSchema),
  /** The public pay page for the client (null while a draft: it works once the invoice is sent). */
  payUrl: z.string().nullable(),
  home: homeCurrencyStampSchema,
  /** The newest email about this invoice, if any. */
  email: invoiceEmailSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * GET /api/invoices/summary: the four cards, in the user's home currency. Revenue is every payment received, at
 * its own paid-time value (a partly paid invoice's payments too); pending and overdue are what is still to
 * come, at the issue-time stamp less the share already paid.
 */
export const invoiceSummarySchema = z.object({
  currency: currencySchema,
  totalRevenue: z.string(),
  pending: z.string(),
  overdue: z.string(),
  counts: z.object({
    total: z.number().int(),
    draft: z.number().int(),
    sent: z.number().int(),
    partially_paid: z.number().int(),
    paid: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** What the public pay page shows a client (no session): the invoice without the owner's private fields. */
export const publicInvoiceSchema = invoiceSchema
  .pick({
    invoiceNumber: true,
    clientName: true,
    clientEmail: true,
    clientAddress: true,
    projectTitle: true,
    description: true,
    items: true,
    currency: true,
    amount: true,
    taxRate: true,
    taxAmount: true,
    totalAmount: true,
    issueDate: true,
    dueDate: true,
    notes: true,
    language: true,
    paidAt: true,
  })
  .extend({
    from: z.object({ name: z.string(), email: z.string() }),
    status: z.enum(['sent', 'partially_paid', 'paid', 'overdue']),
    balance: invoiceBalanceSchema(invoicePaymentSchema),
    /** Whether this server takes the sandbox payment (a sandbox server); otherwise pay as the invoice says. */
    canPayOnline: z.boolean(),
    /**
     * Whether the client can pay by card (the server takes card payments). A BTC/ETH invoice is charged in
     * fiat at a held quote: POST .../card-quote first (contract/src/payments.ts).
     */
    canPayByCard: z.boolean(),
    /**
     * What card checkouts opened on this invoice and not yet paid or abandoned may still collect (null: none).
     * A new card payment can only be for what is left beside it; a checkout ends when paid, when its payer
     * cancels it, or when its session expires (35 minutes).
     */
    cardPaymentInProgress: z.string().nullable(),
  });
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

/** POST /api/public/invoices/{token}/pay: `amount` left out pays what is due now (the deposit, or the rest). */
export const payInvoiceBodySchema = z.object({ amount: amountStringSchema.optional() });
export type PayInvoiceBody = z.infer<typeof payInvoiceBodySchema>;

/** POST /api/invoices/{id}/payments: a payment the owner received some other way (Idempotency-Key). */
export const recordInvoicePaymentBodySchema = z.object({ amount: amountStringSchema });
export type RecordInvoicePaymentBody = z.infer<typeof recordInvoicePaymentBodySchema>;

/** The pay link's token: 128 random bits, base64url (22 characters). */
export const payTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a valid payment link');

/** GET /api/invoices/export.csv?status=&q=: the invoices the list shows (every one unfiltered), newest first. */
export const invoiceCsvColumns = [
  'number',
  'status',
  'client',
  'client email',
  'project',
  'issue date',
  'due date',
  'currency',
  'amount',
  'tax rate',
  'tax',
  'total',
  'sent at',
  'paid at',
  'home currency',
  'issue rate',
  'home total at issue',
  'paid rate',
  'home total at payment',
  'fx gain/loss',
  'paid',
  'outstanding',
  'realised fx',
] as const;
