import type { Transaction } from 'kysely';
import type { Money } from '@contract/money';
import type { Database, PaymentCheckoutRow } from '../../db/schema';

export type PaymentPurpose = PaymentCheckoutRow['purpose'];

/** A checkout the webhook has just moved to paid, as a purpose's handler receives it. */
export interface PaidCheckout {
  id: string;
  purpose: PaymentPurpose;
  userId: string;
  subjectId: string;
  /** What arrives in the wallet (for a crypto invoice charged in fiat: the crypto amount of the quote). */
  amount: Money;
  /**
   * What the processor keeps of it, in `amount`'s currency: taken from the same wallet right after, so
   * whatever the handler sets aside from the wallet (savings goals) is a share of what is left.
   */
  fee: Money;
  at: string;
}

/**
 * What a purpose does with a paid checkout, inside the webhook's money transaction: credit `amount` to one of
 * the user's wallets as one ledger entry with its history row, and say which wallet (the processor's fee is
 * then taken from it). Null when the subject can no longer take the payment (an invoice settled meanwhile):
 * the money arrived all the same, so the payments module credits it to the user's wallet as a card receipt.
 */
export type PaidHandler = (
  trx: Transaction<Database>,
  paid: PaidCheckout,
) => Promise<{ walletId: string; entryId: string } | null>;

/** The handlers by purpose: the invoices module registers `invoice`, the payments module `top_up`. */
export function createPurposes() {
  const handlers = new Map<PaymentPurpose, PaidHandler>();
  return {
    onPaid(purpose: PaymentPurpose, handler: PaidHandler) {
      if (handlers.has(purpose)) throw new Error(`A handler for ${purpose} payments is already registered`);
      handlers.set(purpose, handler);
    },
    handlerOf(purpose: PaymentPurpose): PaidHandler {
      const handler = handlers.get(purpose);
      if (!handler) throw new Error(`No handler for ${purpose} payments`);
      return handler;
    },
  };
}
export type Purposes = ReturnType<typeof createPurposes>;
