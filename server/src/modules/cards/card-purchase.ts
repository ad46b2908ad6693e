import { declineReasonText, type PurchaseBody, type PurchaseResult } from '@contract/cards';
import { displayMoney } from '@contract/money';
import { parseRequestAmount } from '../../lib/amount';
import { newId } from '../../lib/ids';
import { quotedRate } from '../fx/fx-math';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { declineReasonFor } from './card-authorization';
import { cardNotFound, spendingOf, type CardsDeps } from './card-context';
import { cardWalletOf, lockedBalanceOf } from './card-holders';
import { cardPaymentEntry, walletCostOf } from './card-payment-entry';
import * as repo from './cards.repository';

/**
 * An authorization, decided and (if approved) posted in one money transaction. The card row is locked
 * first (PostgreSQL), so concurrent purchases on one card sum their windows one after another and never
 * pass a limit together; the wallet is locked before its balance is read. A decline is stored, told to
 * the holder, and answered 201 with `approved: false`: a decision, not a failed request.
 */
export function purchaseWithCard(
  deps: CardsDeps,
  request: IdempotentRequest,
  cardId: string,
  body: PurchaseBody,
) {
  const { db, rates, notifier, limits } = deps;
  return runIdempotent<PurchaseResult>(db, request, async (trx) => {
    const card = await repo.lockCard(trx, request.userId, cardId);
    if (!card) throw cardNotFound();
    const amount = parseRequestAmount(body.amount, body.currency);
    const rate =
      body.currency === card.currency
        ? null
        : quotedRate((await rates.getRate(body.currency, card.currency)).rate);
    const cost = walletCostOf(amount, card.currency, rate);
    const now = new Date();
    let reason = declineReasonFor(card, body, cost.minor, await spendingOf(trx, card.id, now));
    const walletId = await cardWalletOf(trx, request.userId, card.currency);
    if (!reason && (await lockedBalanceOf(trx, walletId)) < cost.minor) reason = 'insufficient_funds';
    // The account's own monthly limit (by verification level) binds card spending like any payment.
    if (!reason && !(await limits.fitsMonthlyLimit(trx, request.userId, cost, now))) reason = 'account_limit';
    const purchaseId = newId();
    let transactionId: string | null = null;
    let entryId: string | null = null;
    let createdAt = now.toISOString();
    if (reason) {
      await notifier.raise(trx, request.userId, {
        category: 'error',
        type: 'payment',
        title: 'Card declined',
        message: `${displayMoney(amount)} at ${body.merchant} on your card •••• ${card.last4}: ${declineReasonText[reason]}.`,
        actionUrl: '/cards',
        actionText: 'View card',
      });
    } else {
      const posted = await postEntry(
        trx,
        cardPaymentEntry({
          userId: request.userId,
          walletId,
          cardId: card.id,
          merchant: body.merchant,
          amount,
          cost,
          rate,
          createdAt,
        }),
      );
      transactionId = posted.transactions[0]?.id ?? null;
      entryId = posted.entryId;
      createdAt = posted.createdAt;
    }
    await repo.insertPurchase(trx, {
      id: purchaseId,
      card_id: card.id,
      user_id: request.userId,
      amount: amount.minor,
      currency: amount.currency,
      wallet_amount: cost.minor,
      merchant: body.merchant,
      category: body.category,
      channel: body.channel,
      country: body.country,
      approved: reason ? 0 : 1,
      decline_reason: reason,
      transaction_id: transactionId,
      entry_id: entryId,
      created_at: createdAt,
    });
    if (!reason) {
      await deps.webhooks?.record(trx, request.userId, 'card.purchase', {
        purchaseId,
        cardId: card.id,
        last4: card.last4,
        merchant: body.merchant,
        amount: amount.format(),
        currency: amount.currency,
        walletAmount: cost.format(),
        walletCurrency: cost.currency,
        transactionId,
      });
    }
    return {
      status: 201,
      body: {
        id: purchaseId,
        cardId: card.id,
        approved: !reason,
        declineReason: reason,
        amount: amount.format(),
        currency: amount.currency,
        walletAmount: cost.format(),
        walletCurrency: cost.currency,
        merchant: body.merchant,
        transactionId,
        createdAt,
      },
    };
  });
}
