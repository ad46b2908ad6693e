import { z } from 'zod';
import { currencySchema } from './currencies';

/**
 * Monthly statements of each wallet. A month is a UTC calendar month ("2026-10" runs from
 * 2026-10-01T00:00:00Z up to 2026-11-01T00:00:00Z). A month that has ended is closed: its digest (SHA-256 over
 * its entries, chained to the wallet's previous month) is stored once, sealed with an HMAC under a key the
 * database does not hold, and GET /api/statements/verify recomputes every stored digest from the ledger and
 * checks every seal. The month under way is shown "so far": not closed, no digest.
 *
 * GET /api/statements                                  the months × wallets (statementListSchema)
 * GET /api/statements/:month/:format?wallet=<id>       one file: every wallet, or the one asked for
 * GET /api/statements/verify                           the chain checked again (verifyResultSchema)
 */

export const statementFormats = ['pdf', 'csv', 'ofx', 'camt053'] as const;
export type StatementFormat = (typeof statementFormats)[number];

export const statementFormatLabels: Record<StatementFormat, string> = {
  pdf: 'PDF',
  csv: 'CSV',
  ofx: 'OFX',
  camt053: 'CAMT.053',
};

/** The file names a download carries ("meridian-statement-2026-10-usd.pdf", or "-all" for every wallet). */
export const statementFileExtension: Record<StatementFormat, string> = {
  pdf: 'pdf',
  csv: 'csv',
  ofx: 'ofx',
  camt053: 'xml',
};

export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM, e.g. 2026-10')
  .refine((month) => month >= '2000-01', 'Month must be YYYY-MM, e.g. 2026-10');

export const statementParamsSchema = z.object({
  month: monthSchema,
  format: z.enum(statementFormats, { message: `Format must be one of ${statementFormats.join(', ')}` }),
});

export const statementQuerySchema = z.object({ wallet: z.string().max(100).optional() });

/** The SHA-256 digest of a statement (hex); the first statement of a wallet chains to 64 zeros. */
export const GENESIS_DIGEST = '0'.repeat(64);

export const walletStatementSchema = z.object({
  walletId: z.string(),
  currency: currencySchema,
  month: z.string(),
  /** false for the month under way: a statement "so far", with no digest yet. */
  closed: z.boolean(),
  opening: z.string(),
  closing: z.string(),
  moneyIn: z.string(),
  moneyOut: z.string(),
  movements: z.number().int(),
  digest: z.string().nullable(),
  previousDigest: z.string().nullable(),
});
export type WalletStatement = z.infer<typeof walletStatementSchema>;

export const statementMonthSchema = z.object({
  month: z.string(),
  closed: z.boolean(),
  wallets: z.array(walletStatementSchema),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;

/** Newest month first. */
export const statementListSchema = z.object({ months: z.array(statementMonthSchema) });
export type StatementList = z.infer<typeof statementListSchema>;

/**
 * altered: the month's entries no longer give its digest; link: it no longer chains to the month before;
 * missing: an ended month has no statement; seal: the statement is not what the server sealed under its key;
 * late: it was sealed long after the month ended (its seal was removed and made again).
 */
export const verifyProblems = ['altered', 'link', 'missing', 'seal', 'late'] as const;

export const verifyProblemSchema = z.object({
  walletId: z.string(),
  currency: currencySchema,
  month: z.string(),
  problem: z.enum(verifyProblems),
});
export type VerifyProblem = z.infer<typeof verifyProblemSchema>;

export const verifyResultSchema = z.object({
  ok: z.boolean(),
  /** How many stored statements were recomputed. */
  checked: z.number().int(),
  problems: z.array(verifyProblemSchema),
  /** Per wallet whose chain breaks: the first month that no longer holds (every later one rests on it). */
  brokenFrom: z.array(z.object({ walletId: z.string(), currency: currencySchema, month: z.string() })),
  checkedAt: z.string(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

export const statementDownloadUrl = (month: string, format: StatementFormat, walletId?: string) =>
  `/api/statements/${month}/${format}${walletId ? `?wallet=${encodeURIComponent(walletId)}` : ''}`;
