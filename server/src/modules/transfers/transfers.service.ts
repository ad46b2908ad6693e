import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type {
  TransferDelivery,
  TransferQuote,
  TransferQuoteBody,
  TransferRequest,
  TransferResponse,
} from '@contract/transfers';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { toTransaction } from '../transactions/transactions.mapper';
import { withSetAside } from '../goals/set-aside';
import type { Mailer } from '../mail/mailer';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { ensureWallet } from '../wallets/wallets';
import { claimTransferContext, type TransferContext } from './transfer-context';
import { transferEntry, type Payee, type Sender } from './transfer-entry';
import { priceTransfer } from './transfer-pricing';
import * as repo from './transfers.repository';
import { toQuote } from './transfers.mapper';
import { noWebhooks, type WebhookEvents } from '../webhooks/webhook-events';
import { recordDelivery } from './transfer-delivery';
import { deliveryFor, displayName, senderAndRecipient } from './transfer-parties';

export type TransfersService = ReturnType<typeof createTransfersService>;

export function createTransfersService(deps: {
  db: Kysely<Database>;
  rates: RateSource;
  mailer: Mailer;
  notifier: Notifier;
  config: Config;
  /** The monthly limit by verification level (modules/kyc). */
  limits: SpendingLimits;
  webhooks?: WebhookEvents;
}) {
  const { db, rates, mailer, notifier, config, limits } = deps;
  const webhooks = deps.webhooks ?? noWebhooks;

  /** Rates are served from memory (see RatesProvider), so pricing inside a money transaction costs no I/O. */
  async function price(amountText: string, from: Currency, to: Currency) {
    const amount = parseRequestAmount(amountText, from);
    if (from === to) return { figures: priceTransfer(amount, to, null), rateTimestamp: null };
    const quote = await rates.getRate(from, to);
    return { figures: priceTransfer(amount, to, quotedRate(quote.rate)), rateTimestamp: quote.timestamp };
  }

  /** The sender and, if the address is someone's, its owner; refuses sending to oneself. */
  async function partiesOf(
    trx: Kysely<Database>,
    userId: string,
    body: TransferQuoteBody & { recipientEmail: string },
  ) {
    const parties = await repo.findParties(trx, {
      senderId: userId,
      fromCurrency: body.fromCurrency,
      recipientEmail: body.recipientEmail,
      toCurrency: body.toCurrency ?? body.fromCurrency,
    });
    return senderAndRecipient(parties, userId, body.recipientEmail);
  }

  return {
    /**
     * What a transfer would cost and deliver at the current rate, and (given the recipient) how it would
     * reach them. Nothing moves.
     */
    async quote(userId: string, body: TransferQuoteBody): Promise<TransferQuote> {
      const { figures, rateTimestamp } = await price(
        body.amount,
        body.fromCurrency,
        body.toCurrency ?? body.fromCurrency,
      );
      const { recipientEmail } = body;
      let delivery: TransferDelivery | null = null;
      if (recipientEmail) {
        const { me, recipient } = await partiesOf(db, userId, { ...body, recipientEmail });
        delivery = deliveryFor(me, recipient);
      }
      return {
        ...toQuote(figures, rateTimestamp),
        delivery,
        holdDays: delivery === 'held' ? config.HELD_TRANSFER_RETURN_DAYS : null,
      };
    },

    /**
     * Sends money in one database transaction: one ledger entry (transfer-entry.ts), the history rows, for an
     * unverified address the held payment and the mail telling its owner, for a demo's outside recipient the
     * simulated payout (transfer-delivery.ts), and the idempotency record. On PostgreSQL the key's claim and every read are one
     * statement (transfer-context.ts) and the entry another (postEntry); payment-round-trips.test.ts counts
     * them. A recipient with no wallet in the currency costs one more, to open it. Mail goes after commit.
     */
    async send(request: IdempotentRequest, body: TransferRequest) {
      const { fromCurrency, toCurrency, recipientEmail } = body;
      const claim = (trx: Kysely<Database>) =>
        claimTransferContext(trx, request, { fromCurrency, toCurrency, recipientEmail });
      const result = await runIdempotent<TransferResponse, TransferContext>(
        db,
        request,
        async (trx, context) => {
          // Priced after the key is claimed, so a replay answers from the stored response whatever the rates do.
          const { figures, rateTimestamp } = await price(body.amount, fromCurrency, toCurrency);
          const { me, recipient } = senderAndRecipient(context.parties, request.userId, recipientEmail);
          const delivery = deliveryFor(me, recipient);
          await limits.assertWithinMonthlyLimitOf(context.use, figures.amount);
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
          const payee: Payee =
            delivery === 'instant' && recipient
              ? {
                  kind: 'customer',
                  userId: recipient.id,
                  walletId: recipient.wallet_id ?? (await ensureWallet(trx, recipient.id, toCurrency)),
                  displayName: displayName(recipient),
                  email: recipient.email,
                }
              : { kind: delivery === 'held' ? 'held' : 'external', email: recipientEmail };

          let entry = transferEntry(sender, payee, figures, { description: body.description, rateTimestamp });
          if (payee.kind === 'customer') {
            // The recipient's goals that take a share of what arrives get it in this same entry.
            const payment = { userId: payee.userId, walletId: payee.walletId, arrived: figures.converted };
            entry = withSetAside(entry, payment, context.recipientGoals);
          }
          const posted = await postEntry(trx, entry);
          const sent = posted.transactions.find(
            (row) => row.user_id === sender.userId && row.type === 'send',
          )!;
          await recordDelivery(
            trx,
            { mailer, notifier, config, webhooks },
            { sender, payee, figures, posted, sent },
          );
          return { status: 201, body: { ...toTransaction(sent), total: figures.total.format(), delivery } };
        },
        claim,
      );
      mailer.kick();
      return result;
    },
  };
}
