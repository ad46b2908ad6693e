import { Money } from '@contract/money';
import { withMoneyTransaction } from '../../db/money-transaction';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentCheckoutRow } from '../../db/schema';
import { ensureWallet } from '../wallets/wallets';
import { creditCardReceipt, feeFromWallet, postCardConversion, postProcessingFee } from './card-credits';
import type { PaymentRail, RailEvent } from './payment-rail';
import type { Purposes } from './payment-purposes';
import * as repo from './payments.repository';

export type WebhookOutcome = 'credited' | 'duplicate' | 'expired' | 'ignored';

interface WebhookDeps {
  db: Kysely<Database>;
  rail: PaymentRail;
  purposes: Purposes;
}

/**
 * One webhook delivery. The signature is proved first (a 400 and nothing done otherwise). Each event id is
 * taken in once (payment_events), and a checkout moves to paid once (a conditional update), both in the same
 * transaction as the entries that credit it: a retried, duplicated or second event for the same payment finds
 * either its id or the checkout already moved and credits nothing. The fee is read from the processor before
 * that transaction (the network is never called inside one).
 */
export async function takeWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = deps.rail.readEvent(rawBody, signature);
  const at = new Date().toISOString();
  if (event.kind === 'paid') return takePayment(deps, event, at);
  return withMoneyTransaction(deps.db, async (trx) => {
    if (!(await repo.claimEvent(trx, event.id, event.type, at))) return 'duplicate';
    if (event.kind === 'expired') {
      await repo.markExpired(trx, event.sessionId, at);
      return 'expired';
    }
    return 'ignored';
  });
}

async function takePayment(
  deps: WebhookDeps,
  event: Extract<RailEvent, { kind: 'paid' }>,
  at: string,
): Promise<WebhookOutcome> {
  const { db } = deps;
  const found = event.checkoutId
    ? await repo.findCheckout(db, event.checkoutId)
    : await repo.findBySession(db, event.sessionId);
  // A session we did not open (another integration on the same Stripe account) is not ours to credit.
  const checkout = found && found.provider_session_id === event.sessionId ? found : undefined;
  const unknownOrDone = !checkout || checkout.status === 'paid';
  const charged = checkout && Money.of(checkout.amount, checkout.currency);
  const credit = checkout && Money.of(checkout.credit_amount, checkout.credit_currency);
  const fee = unknownOrDone ? null : await deps.rail.feeOf(event.paymentId, charged!);

  return withMoneyTransaction(db, async (trx) => {
    if (!(await repo.claimEvent(trx, event.id, event.type, at))) return 'duplicate';
    if (!checkout || !fee) return checkout ? 'duplicate' : 'ignored';
    // Never more than was paid, never negative, whatever the processor reports.
    const kept = fee.minor < 0n ? 0n : fee.minor > checkout.amount ? checkout.amount : fee.minor;
    const moved = await repo.markPaid(trx, checkout.id, kept, at);
    if (!moved) return 'duplicate';
    const paid = { id: moved.id, purpose: moved.purpose, userId: moved.user_id, subjectId: moved.subject_id };
    const walletFee = feeFromWallet(Money.of(kept, moved.currency), charged!, credit!);
    const credited =
      (await deps.purposes.handlerOf(moved.purpose)(trx, { ...paid, amount: credit!, fee: walletFee, at })) ??
      (await creditUnclaimed(trx, moved, credit!));
    await repo.setEntry(trx, moved.id, credited.entryId);
    if (charged!.currency !== credit!.currency) {
      await postCardConversion(trx, { charged: charged!, credit: credit!, checkoutId: moved.id });
    }
    if (kept > 0n) {
      await postProcessingFee(trx, {
        userId: moved.user_id,
        walletId: credited.walletId,
        amount: Money.of(kept, moved.currency),
        charged: charged!,
        credit: credit!,
        checkoutId: moved.id,
        of: moved.purpose === 'invoice' ? 'an invoice payment' : 'a card top-up',
      });
    }
    return 'credited';
  });
}

/** A payment whose subject no longer takes it (an invoice settled meanwhile) still arrived: it is credited. */
async function creditUnclaimed(trx: Transaction<Database>, checkout: PaymentCheckoutRow, amount: Money) {
  const walletId = await ensureWallet(trx, checkout.user_id, checkout.currency);
  const entryId = await creditCardReceipt(trx, {
    userId: checkout.user_id,
    walletId,
    amount,
    description: 'Card payment received for an invoice already settled',
    checkoutId: checkout.id,
  });
  return { walletId, entryId };
}
