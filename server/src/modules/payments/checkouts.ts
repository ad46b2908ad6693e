import type { Kysely } from 'kysely';
import { Money } from '@contract/money';
import type { Database, PaymentCheckoutRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
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
 * Opens a Checkout Session at the processor for a payment into `userId`'s wallet. Nothing moves here: the
 * money is credited only when the processor's signed webhook says the checkout was paid (webhook.ts). The row
 * is written first, so the processor's session always carries an id we know; the create call is keyed by it,
 * so a retry after a lost answer gets the same session.
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
    const id = newId();
    const charged = start.charge ? await start.charge() : start.amount;
    try {
      await repo.insertCheckout(db, {
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
        created_at: new Date().toISOString(),
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
    cancelUrl: back('cancelled'),
    ...(start.customerEmail && { customerEmail: start.customerEmail }),
  });
  await repo.setSession(db, row.id, opened.sessionId, opened.url);
  return { checkoutId: row.id, url: opened.url };
}
