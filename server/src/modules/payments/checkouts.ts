import type { Kysely, Transaction } from 'kysely';
import { Money } from '@contract/money';
import type { Database, PaymentCheckoutRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { findUser } from '../user/users';
import type { PaymentRail } from './payment-rail';
import type { PaymentPurpose } from './payment-purposes';
import * as repo from './payments.repository';

export interface CheckoutStart {
  purpose: PaymentPurpose;
  /** Whose wallet the money lands in (the invoice's owner; the customer topping up). */
  userId: string;
  /** The invoice's id, or the wallet's. */
  subjectId: string;
  /** What the wallet receives; the card is charged the same unless `charge` says otherwise. */
  amount: Money;
  /**
   * For a payment charged in another currency (a crypto invoice paid by card): what the card is charged, at a
   * quote used up here, only when a new checkout opens (a retry with the same key keeps the first price).
   */
  charge?: () => Promise<Money>;
  /** The request's Idempotency-Key: the same key gets the same checkout back. */
  requestKey: string;
  description: string;
  /** The page the payer comes back to, on this server (`?card=paid` or `?card=cancelled` is added). */
  returnPath: string;
  customerEmail?: string;
  /**
   * For a subject that must never collect more than it is owed (an invoice): called in the transaction that
   * opens the checkout. It locks the subject, then asks `held` what the subject's other open checkouts may
   * still collect (in the currency of `amount`; asked after the lock, so checkouts opened at once are counted
   * one after the other), and throws when this checkout does not fit beside them. The new checkout then holds
   * its own amount until it is paid or ends.
   */
  admit?: (trx: Transaction<Database>, held: () => Promise<Money>) => Promise<void>;
}

export interface StartedCheckout {
  checkoutId: string;
  url: string;
}

const sameRequest = (row: PaymentCheckoutRow, start: CheckoutStart) =>
  row.purpose === start.purpose &&
  row.subject_id === start.subjectId &&
  row.credit_amount === start.amount.minor &&
  row.credit_currency === start.amount.currency;

/**
 * How long a session can be paid: Stripe's shortest, with a margin for the clocks. An open checkout holds its
 * amount that long at most, unless the processor says it was paid.
 */
export const CHECKOUT_LIFETIME_MINUTES = 35;

/**
 * Opens a Checkout Session at the processor for a payment into `userId`'s wallet. Nothing moves here: the
 * money is credited only when the processor's signed webhook says the checkout was paid (webhook.ts). The row
 * is written first (with `admit`'s say-so, in one transaction), so the processor's session always carries an
 * id we know; the create call is keyed by it, and asks for the expiry stored with it, so a retry after a lost
 * answer gets the same session.
 */
export async function startCheckout(
  deps: { db: Kysely<Database>; rail: PaymentRail; link: (path: string) => string },
  start: CheckoutStart,
): Promise<StartedCheckout> {
  const { db, rail } = deps;
  if (!rail.takesCards) {
    throw new AppError('FORBIDDEN', 'This server takes no card payments: Stripe is not configured');
  }
  const owner = await findUser(db, start.userId);
  if (!owner) throw new AppError('NOT_FOUND', 'Account not found');
  // A demo account's money is play money: no real card pays into it.
  if (owner.is_demo) throw new AppError('BUSINESS_RULE', 'A demo account takes no card payments');

  let row = await repo.findByRequestKey(db, start.userId, start.requestKey);
  if (!row) {
    if (start.admit) await endLeftCheckouts(deps, start.purpose, start.subjectId);
    const id = newId();
    const charged = start.charge ? await start.charge() : start.amount;
    const now = Date.now();
    try {
      await db.transaction().execute(async (trx) => {
        const { currency } = start.amount;
        await start.admit?.(trx, async () =>
          Money.of(await repo.heldFor(trx, start.purpose, start.subjectId, currency), currency),
        );
        await repo.insertCheckout(trx, {
          id,
          purpose: start.purpose,
          user_id: start.userId,
          subject_id: start.subjectId,
          amount: charged.minor,
          currency: charged.currency,
          credit_amount: start.amount.minor,
          credit_currency: start.amount.currency,
          provider: 'stripe',
          request_key: start.requestKey,
          status: 'open',
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + CHECKOUT_LIFETIME_MINUTES * 60_000).toISOString(),
        });
      });
    } catch (error) {
      // The same key at the same moment: the other request's row is the checkout.
      if (!(await repo.findByRequestKey(db, start.userId, start.requestKey))) throw error;
    }
    row = (await repo.findByRequestKey(db, start.userId, start.requestKey))!;
  }
  if (!sameRequest(row, start)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different payment: send a new one',
    );
  }
  if (row.status !== 'open') throw new AppError('CONFLICT', 'This checkout is already finished');
  if (row.checkout_url) return { checkoutId: row.id, url: row.checkout_url };

  const back = (outcome: string) => `${deps.link(start.returnPath)}?card=${outcome}`;
  const opened = await rail.openCheckout({
    checkoutId: row.id,
    amount: Money.of(row.amount, row.currency),
    description: start.description,
    successUrl: back('paid'),
    // The payer who leaves says which checkout: the page then ends it (cancelCheckout), and what it held.
    cancelUrl: `${back('cancelled')}&checkout=${row.id}`,
    expiresAt: new Date(row.expires_at ?? Date.now() + CHECKOUT_LIFETIME_MINUTES * 60_000),
    ...(start.customerEmail && { customerEmail: start.customerEmail }),
  });
  await repo.setSession(db, row.id, opened.sessionId, opened.url);
  return { checkoutId: row.id, url: opened.url };
}

type CheckoutDeps = { db: Kysely<Database>; rail: PaymentRail };

/** Ends a checkout if the processor says its session can no longer be paid; whether it ended. */
async function endIfUnpaid(deps: CheckoutDeps, row: PaymentCheckoutRow): Promise<boolean> {
  // A row that never got its session: none was made, or one that expired with the row's own expiry.
  const ended =
    !row.provider_session_id || (await deps.rail.endCheckout(row.provider_session_id)) === 'ended';
  if (ended) await repo.markEnded(deps.db, row.id, new Date().toISOString());
  return ended;
}

/**
 * The subject's checkouts whose session has expired but whose expiry the processor has not told (a webhook
 * lost, or not subscribed to) stop holding once the processor says they were not paid. One it cannot be
 * asked about keeps holding: a payment may be on its way.
 */
async function endLeftCheckouts(deps: CheckoutDeps, purpose: PaymentPurpose, subjectId: string) {
  for (const row of await repo.holdingPastExpiry(deps.db, purpose, subjectId, new Date())) {
    await endIfUnpaid(deps, row).catch(() => false);
  }
}

/**
 * The payer came back from the processor's page without paying: the checkout ends now (its session is expired
 * at the processor), rather than holding its amount until the session expires. A session paid meanwhile
 * keeps its checkout open for its webhook. Only the subject's own open checkouts; anything else is a 404.
 */
export async function cancelCheckout(
  deps: CheckoutDeps,
  purpose: PaymentPurpose,
  subjectId: string,
  checkoutId: string,
): Promise<void> {
  const row = await repo.findCheckout(deps.db, checkoutId);
  if (!row || row.purpose !== purpose || row.subject_id !== subjectId) throw notFound('Checkout');
  if (row.status !== 'open' || row.attention !== null || !row.provider_session_id) return;
  await endIfUnpaid(deps, row);
}
