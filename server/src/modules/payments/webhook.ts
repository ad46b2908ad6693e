import { Money } from '@contract/money';
import { withMoneyTransaction } from '../../db/money-transaction';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentCheckoutRow } from '../../db/schema';
import { ensureWallet } from '../wallets/wallets';
import { creditCardReceipt, feeFromWallet, postCardConversion, postProcessingFee } from './card-credits';
import type { PaymentRail, RailEvent } from './payment-rail';
import type { Purposes } from './payment-purposes';
import * as repo from './payments.repository';

export type WebhookOutcome = 'credited' | 'duplicate' | 'expired' | 'ignored' | 'refused';

interface WebhookDeps {
  db: Kysely<Database>;
  rail: PaymentRail;
  purposes: Purposes;
  /** Where a refused payment is told to operators. */
  log: Pick<FastifyBaseLogger, 'error'>;
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
  const unknownOrDone = !checkout || checkout.status === 'paid' || checkout.attention !== null;
  const mismatch = unknownOrDone ? null : mismatchOf(event, checkout);
  if (mismatch) return refuse(deps, event, checkout!, mismatch, at);
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

/**
 * Why a signed payment event does not match its checkout (null when it does): the processor must have charged
 * exactly the amount and currency the checkout asked for, or the event credits nothing.
 */
function mismatchOf(
  event: Extract<RailEvent, { kind: 'paid' }>,
  checkout: PaymentCheckoutRow,
): string | null {
  const { minor, currency } = event.charged;
  const same =
    minor !== null &&
    currency !== null &&
    BigInt(minor) === BigInt(checkout.amount) &&
    currency.toUpperCase() === checkout.currency;
  if (same) return null;
  const asked = Money.of(BigInt(checkout.amount), checkout.currency).format();
  return (
    `Event ${event.id} reports ${minor ?? '?'} ${currency?.toUpperCase() ?? '?'} (minor units) charged; ` +
    `the checkout asked for ${asked} ${checkout.currency}`
  ).slice(0, 300);
}

/**
 * A correctly signed event that does not match its checkout: nothing is credited, ever, for that checkout; it
 * is marked as needing an operator (it then holds nothing of the invoice) and logged. The answer is still a
 * 2xx: the event is the processor's and will say the same on every retry, so a 4xx or 5xx would only have it
 * retried for days (and the endpoint disabled) for a question only an operator can answer.
 */
async function refuse(
  deps: WebhookDeps,
  event: Extract<RailEvent, { kind: 'paid' }>,
  checkout: PaymentCheckoutRow,
  reason: string,
  at: string,
): Promise<WebhookOutcome> {
  const outcome = await withMoneyTransaction(deps.db, async (trx) => {
    if (!(await repo.claimEvent(trx, event.id, event.type, at))) return 'duplicate' as const;
    await repo.setAttention(trx, checkout.id, reason);
    return 'refused' as const;
  });
  if (outcome === 'refused') {
    deps.log.error(
      { checkoutId: checkout.id, sessionId: event.sessionId, eventId: event.id, reason },
      'card payment event does not match its checkout: nothing credited, the checkout needs an operator',
    );
  }
  return outcome;
}
