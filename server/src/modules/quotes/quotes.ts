import type { Kysely } from 'kysely';
import { QUOTE_TTL_SECONDS } from '@contract/trading';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import * as repo from './quotes.repository';

/**
 * Quotes that hold. A price shown before a confirm step is stored with the terms it was given for; executing
 * with its id within QUOTE_TTL_SECONDS gets exactly that price, once, and only for its own user. Quotes live
 * in the database, so a quote made by one app process is honoured by any other.
 */
export type QuoteKind = 'convert' | 'trade' | 'card';

/** The terms as one canonical string: the same terms always compare equal. */
const termsText = (terms: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(terms).sort(([a], [b]) => (a < b ? -1 : 1))));

export async function issueQuote(
  db: Kysely<Database>,
  quote: { userId: string; kind: QuoteKind; terms: Record<string, string>; price: string; now?: Date },
): Promise<{ quoteId: string; expiresAt: string }> {
  const now = quote.now ?? new Date();
  const expiresAt = new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000).toISOString();
  const id = newId();
  await repo.insertQuote(db, {
    id,
    user_id: quote.userId,
    kind: quote.kind,
    terms: termsText(quote.terms),
    price: quote.price,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
  });
  return { quoteId: id, expiresAt };
}

/**
 * The price a quote holds, used up in the caller's transaction (a failed deal rolls the use back, so the
 * quote can still be used within its window). Another user's quote is a 404; an expired or used one a 409
 * QUOTE_EXPIRED; a quote for other terms (another amount, pair or side) a 422.
 */
export async function redeemQuote(
  trx: Kysely<Database>,
  request: { userId: string; kind: QuoteKind; quoteId: string; terms: Record<string, string>; now?: Date },
): Promise<string> {
  const now = request.now ?? new Date();
  const quote = await repo.findQuote(trx, request.userId, request.quoteId);
  if (!quote || quote.kind !== request.kind) {
    throw new AppError('NOT_FOUND', 'Quote not found', { quoteId: 'No such quote' });
  }
  if (quote.terms !== termsText(request.terms)) {
    throw new AppError('BUSINESS_RULE', 'This quote was given for different terms; ask for a new quote', {
      quoteId: 'Quote is for different terms',
    });
  }
  const expired = () =>
    new AppError('QUOTE_EXPIRED', 'This price no longer holds; here is a new quote to confirm', {
      quoteId: 'Quote expired',
    });
  if (quote.used_at !== null || quote.expires_at <= now.toISOString()) throw expired();
  if (!(await repo.markQuoteUsed(trx, quote.id, now.toISOString()))) throw expired();
  return quote.price;
}

/** Hourly: forget quotes that expired more than an hour ago. */
export const pruneQuotesJob: Job = {
  name: 'prune-quotes',
  everyMs: 3_600_000,
  run: (app) => repo.deleteQuotesExpiredBefore(app.db, new Date(Date.now() - 3_600_000).toISOString()),
};
