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
import { ensureWallet } from '../wallets/wallets.repository';
import { moneyWaitingMessage } from './held-transfers.messages';
import { moneyReceivedNotice, moneySentNotice, paymentHeldNotice } from './transfer-notices';
import { claimTransferContext, type TransferContext } from './transfer-context';
import { transferEntry, type Payee, type Sender } from './transfer-entry';
import { priceTransfer, type TransferFigures } from './transfer-pricing';
import * as repo from './transfers.repository';
import { newId } from '../../lib/ids';

const displayName = (party: repo.Party) => `${party.first_name} ${party.last_name}`.trim() || party.email;
const DAY_MS = 86_400_000;

/**
 * How a payment by email reaches its recipient, decided by who sends and who has the address:
 * - instant: the address belongs to a verified account in the sender's book (a demo pays demos only);
 * - held: a real sender, and no verified account has the address (yet): it waits for one;
 * - simulated: a demo sender, and the address is nobody's: a make-believe payout in the demo book.
 * Value never crosses between a demo and a real account: either way round is 422 DEMO_ACCOUNT.
 */
function deliveryFor(sender: repo.Party, recipient: repo.Party | undefined): TransferDelivery {
  assertMayPayOthers(sender);
  const senderIsDemo = Number(sender.is_demo) === 1;
  if (recipient && (Number(recipient.is_demo) === 1) !== senderIsDemo) {
    const message = senderIsDemo
      ? 'A demo account can only pay other demo accounts or made-up outside recipients, never a real account'
      : 'This address belongs to a demo account, which cannot receive real money';
    throw new AppError('DEMO_ACCOUNT', message, { recipientEmail: message });
  }
  if (senderIsDemo) return recipient ? 'instant' : 'simulated';
  return recipient?.email_verified_at ? 'instant' : 'held';
}

/**
 * Recipients see who paid them (history, notifications, the mail to an unverified address), so only an
 * account whose address is proven may pay anyone: otherwise whoever registered someone else's address could
 * pay in that person's name. Checked before anything is priced or posted. (Demos start verified.)
 */
function assertMayPayOthers(sender: repo.Party) {
  if (sender.email_verified_at === null) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Verify your email address before sending money: open the link we sent you, or ask for a new one.',
    );
  }
}

export type TransfersService = ReturnType<typeof createTransfersService>;

export function createTransfersService(deps: {
  db: Kysely<Database>;
  rates: RateSource;
  mailer: Mailer;
  notifier: Notifier;
  config: Config;
  /** The monthly limit by verification level (modules/kyc). */
  limits: SpendingLimits;
}) {
  const { db, rates, mailer, notifier, config, limits } = deps;

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
     * simulated payout, and the idempotency record. On PostgreSQL the key's claim and every read are one
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
          if (payee.kind === 'customer') {
            await notifier.raiseMany(trx, [
              { userId: sender.userId, notice: moneySentNotice(figures.amount, payee.displayName) },
              { userId: payee.userId, notice: moneyReceivedNotice(figures.converted, sender.displayName) },
            ]);
          } else if (payee.kind === 'held') {
            const notice = paymentHeldNotice(figures.amount, payee.email, config.HELD_TRANSFER_RETURN_DAYS);
            await notifier.raise(trx, sender.userId, notice);
          } else {
            await notifier.raise(trx, sender.userId, moneySentNotice(figures.amount, payee.email));
          }
          if (payee.kind === 'held') {
            const returnAt = new Date(
              new Date(posted.createdAt).getTime() + config.HELD_TRANSFER_RETURN_DAYS * DAY_MS,
            );
            await repo.insertHeldTransfer(trx, {
              id: newId(),
              sender_id: sender.userId,
              transaction_id: sent.id,
              entry_id: posted.entryId,
              recipient_email: payee.email,
              currency: figures.converted.currency,
              amount: figures.converted.minor,
              status: 'held',
              created_at: posted.createdAt,
              return_at: returnAt.toISOString(),
              resolved_at: null,
              resolution_entry_id: null,
              recipient_id: null,
            });
            await mailer.enqueue(
              trx,
              moneyWaitingMessage({
                to: payee.email,
                senderId: sender.userId,
                senderName: sender.displayName,
                senderEmail: sender.email,
                amount: figures.converted.toString(),
                returnOn: returnAt.toISOString().slice(0, 10),
                link: mailer.link('/'),
              }),
            );
          }
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
              book: 'demo',
              created_at: posted.createdAt,
              settled_at: null,
              settlement_entry_id: null,
            });
          }
          return { status: 201, body: { ...toTransaction(sent), total: figures.total.format(), delivery } };
        },
        claim,
      );
      mailer.kick();
      return result;
    },
  };
}

function senderAndRecipient(parties: repo.Party[], userId: string, recipientEmail: string) {
  const me = parties.find((party) => party.id === userId);
  if (!me) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  if (me.email === recipientEmail) {
    throw new AppError(
      'BUSINESS_RULE',
      'You cannot send money to yourself. To move money between your own wallets, use Convert.',
      { recipientEmail: 'This is your own email' },
    );
  }
  return { me, recipient: parties.find((party) => party.id !== userId) };
}

function toQuote(
  figures: TransferFigures,
  rateTimestamp: string | null,
): Omit<TransferQuote, 'delivery' | 'holdDays'> {
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
