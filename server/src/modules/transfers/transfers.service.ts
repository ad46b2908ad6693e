import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type {
  TransferQuote,
  TransferQuoteBody,
  TransferRequest,
  TransferResponse,
} from '@contract/transfers';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { parseRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { toTransaction } from '../transactions/transactions.mapper';
import { findWalletByCurrency, openWallets } from '../wallets/wallets.repository';
import { transferEntry, type Payee, type Sender } from './transfer-entry';
import { priceTransfer, type TransferFigures } from './transfer-pricing';
import * as repo from './transfers.repository';
import { newId } from '../../lib/ids';

const displayName = (party: repo.Party) => `${party.first_name} ${party.last_name}`.trim() || party.email;

export type TransfersService = ReturnType<typeof createTransfersService>;

export function createTransfersService(deps: { db: Kysely<Database>; rates: RateSource }) {
  const { db, rates } = deps;

  /** Rates are served from memory (see RatesProvider), so pricing inside a money transaction costs no I/O. */
  async function price(amountText: string, from: Currency, to: Currency) {
    const amount = parseRequestAmount(amountText, from);
    if (from === to) return { figures: priceTransfer(amount, to, null), rateTimestamp: null };
    const quote = await rates.getRate(from, to);
    return { figures: priceTransfer(amount, to, parseRate(quote.rate)), rateTimestamp: quote.timestamp };
  }

  /** The recipient's wallet in `currency`, opened if they have none yet. */
  async function payeeWallet(
    trx: Kysely<Database>,
    userId: string,
    currency: Currency,
    known: string | null,
  ) {
    if (known) return known;
    await openWallets(trx, userId, [currency]);
    return (await findWalletByCurrency(trx, userId, currency))!.id;
  }

  return {
    /** What a transfer would cost and deliver at the current rate. Nothing moves. */
    async quote(body: TransferQuoteBody): Promise<TransferQuote> {
      const { figures, rateTimestamp } = await price(
        body.amount,
        body.fromCurrency,
        body.toCurrency ?? body.fromCurrency,
      );
      return toQuote(figures, rateTimestamp);
    },

    /**
     * Sends money in one database transaction: one ledger entry (transfer-entry.ts), the history rows, for an
     * external recipient the payout record, and the idempotency record. Queries on the way: the key claim, one
     * lookup of both parties with their wallets, then postEntry's own (lock, house accounts, entry, postings,
     * balances, history rows), the payout row if external, and storing the response.
     */
    async send(request: IdempotentRequest, body: TransferRequest) {
      const { fromCurrency, toCurrency, recipientEmail } = body;
      return runIdempotent<TransferResponse>(db, request, async (trx) => {
        // Priced after the key is claimed, so a replay answers from the stored response whatever the rates do.
        const { figures, rateTimestamp } = await price(body.amount, fromCurrency, toCurrency);
        const parties = await repo.findParties(trx, {
          senderId: request.userId,
          fromCurrency,
          recipientEmail,
          toCurrency,
        });
        const me = parties.find((party) => party.id === request.userId);
        if (!me) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
        if (me.email === recipientEmail) {
          throw new AppError(
            'BUSINESS_RULE',
            'You cannot send money to yourself. To move money between your own wallets, use Convert.',
            { recipientEmail: 'This is your own email' },
          );
        }
        if (!me.wallet_id) {
          throw new AppError('BUSINESS_RULE', `You have no ${fromCurrency} wallet to send from`, {
            fromCurrency: `No ${fromCurrency} wallet`,
          });
        }
        const sender: Sender = {
          userId: me.id,
          walletId: me.wallet_id,
          displayName: displayName(me),
          email: me.email,
        };
        const recipient = parties.find((party) => party.id !== request.userId);
        const payee: Payee = recipient
          ? {
              kind: 'customer',
              userId: recipient.id,
              walletId: await payeeWallet(trx, recipient.id, toCurrency, recipient.wallet_id),
              displayName: displayName(recipient),
              email: recipient.email,
            }
          : { kind: 'external', email: recipientEmail };

        const posted = await postEntry(
          trx,
          transferEntry(sender, payee, figures, { description: body.description, rateTimestamp }),
        );
        const sent = posted.transactions.find((row) => row.user_id === sender.userId && row.type === 'send')!;
        if (payee.kind === 'external') {
          await repo.insertPayout(trx, {
            id: newId(),
            user_id: sender.userId,
            transaction_id: sent.id,
            entry_id: posted.entryId,
            recipient_email: payee.email,
            currency: figures.converted.currency,
            amount: figures.converted.minor,
            status: 'pending',
            created_at: posted.createdAt,
            settled_at: null,
            settlement_entry_id: null,
          });
        }
        return { status: 201, body: { ...toTransaction(sent), total: figures.total.format() } };
      });
    },
  };
}

function toQuote(figures: TransferFigures, rateTimestamp: string | null): TransferQuote {
  return {
    amount: figures.amount.format(),
    fromCurrency: figures.amount.currency,
    toCurrency: figures.converted.currency,
    fee: figures.fee.format(),
    total: figures.total.format(),
    convertedAmount: figures.converted.format(),
    rate: figures.rate?.text ?? null,
    rateTimestamp,
    rounding: figures.rounding,
  };
}
