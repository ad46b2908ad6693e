import type { Kysely } from 'kysely';
import type { Conversion, ConversionQuote, ConvertBody, ConvertResponse } from '@contract/fx';
import type { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { toTransaction } from '../transactions/transactions.mapper';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { issueQuote, redeemQuote } from '../quotes/quotes';
import { ensureWallet } from '../wallets/wallets';
import { claimWalletContext, type WalletContext } from '../wallets/wallet-context';
import { conversionNotice } from './fx-notices';
import { exchangeEntry } from './exchange-entry';
import { priceConversion, quotedRate, type ConversionFigures } from './fx-math';
import type { RateSource } from './rate-source';

function toConversion(figures: ConversionFigures, rateTimestamp: string): Conversion {
  return {
    originalAmount: figures.original.format(),
    from: figures.original.currency,
    to: figures.converted.currency,
    convertedAmount: figures.converted.format(),
    rate: figures.rate.text,
    fees: figures.fee.format(),
    total: figures.total.format(),
    rounding: figures.rounding,
    rateTimestamp,
  };
}

/** What a conversion quote holds for: the amount as parsed ("10" and "10.00" are the same), the pair. */
const termsOf = (body: ConvertBody, original: Money) => ({
  amount: original.format(),
  from: body.from,
  to: body.to,
});

export type FxService = ReturnType<typeof createFxService>;

export function createFxService(deps: {
  db: Kysely<Database>;
  rates: RateSource;
  notifier: Notifier;
  /** The monthly limit by verification level (modules/kyc). */
  limits: SpendingLimits;
}) {
  const { db, rates, notifier, limits } = deps;

  /** At the held rate of a quote (used up in `trx`), or at the live rate. */
  async function price(body: ConvertBody, held?: { trx: Kysely<Database>; userId: string }) {
    const original = parseRequestAmount(body.amount, body.from);
    if (held && body.quoteId) {
      const rate = await redeemQuote(held.trx, {
        userId: held.userId,
        kind: 'convert',
        quoteId: body.quoteId,
        terms: termsOf(body, original),
      });
      return {
        figures: priceConversion(original, body.to, quotedRate(rate)),
        timestamp: new Date().toISOString(),
      };
    }
    const quote = await rates.getRate(body.from, body.to);
    return {
      figures: priceConversion(original, body.to, quotedRate(quote.rate)),
      timestamp: quote.timestamp,
    };
  }

  return {
    /** What converting would give at the current rate, held for the user for 30 s. Nothing moves. */
    async quote(userId: string, body: ConvertBody): Promise<ConversionQuote> {
      const { figures, timestamp } = await price({ ...body, quoteId: undefined });
      const held = await issueQuote(db, {
        userId,
        kind: 'convert',
        terms: termsOf(body, figures.original),
        price: figures.rate.text,
      });
      return { ...toConversion(figures, timestamp), ...held };
    },

    /**
     * Exchanges between the user's own wallets in one ledger entry (see exchange-entry.ts). The quoted
     * `total` (amount + fee) leaves the source wallet; the target wallet is opened if missing.
     */
    async convert(request: IdempotentRequest, body: ConvertBody) {
      // The key claimed, both wallets and the month's use read in one round trip on PostgreSQL
      // (wallet-context.ts); the entry goes with the notification and the stored answer in one more.
      const claim = (trx: Kysely<Database>) =>
        claimWalletContext(trx, request, { currencies: [body.from, body.to], monthlyUse: true });
      return runIdempotent<ConvertResponse, WalletContext>(
        db,
        request,
        async (trx, { wallets: found, use }) => {
          const { figures, timestamp } = await price(body, { trx, userId: request.userId });
          const source = found.find((wallet) => wallet.currency === body.from);
          if (!source) {
            throw new AppError('BUSINESS_RULE', `You have no ${body.from} wallet to convert from`, {
              from: `No ${body.from} wallet`,
            });
          }
          await limits.assertWithinMonthlyLimitOf(use!, figures.original);
          const targetId = await ensureWallet(trx, request.userId, body.to, found);
          const posted = await postEntry(
            trx,
            exchangeEntry(request.userId, { sourceId: source.id, targetId }, figures, {
              rateTimestamp: timestamp,
            }),
          );
          const transaction = toTransaction(posted.transactions[0]!);
          await notifier.raise(trx, request.userId, conversionNotice(figures.original, figures.converted));
          return { status: 201, body: { ...toConversion(figures, timestamp), transaction } };
        },
        claim,
      );
    },
  };
}
