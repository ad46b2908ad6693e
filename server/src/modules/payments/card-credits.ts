import type { Transaction } from 'kysely';
import type { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry } from '../ledger/ledger.service';

/**
 * Money a card paid in, from the outside world to a wallet: one entry with its `deposit` history row (a
 * top-up, or a payment for an invoice that was settled meanwhile).
 */
export async function creditCardReceipt(
  trx: Transaction<Database>,
  receipt: { userId: string; walletId: string; amount: Money; description: string; checkoutId: string },
): Promise<string> {
  const { userId, walletId, amount, description } = receipt;
  const posted = await postEntry(trx, {
    kind: 'card_top_up',
    description,
    metadata: { checkoutId: receipt.checkoutId },
    postings: [
      { accountId: walletId, amount },
      { accountId: houseAccountId('external', amount.currency), amount: amount.negated() },
    ],
    transactions: [
      {
        user_id: userId,
        wallet_id: walletId,
        type: 'deposit',
        amount: amount.minor,
        currency: amount.currency,
        counterparty: 'Card',
        description,
        status: 'completed',
      },
    ],
  });
  return posted.entryId;
}

/**
 * The processor's fee on a card payment, as its own entry and history row: from the wallet the payment
 * arrived in to the processor-fees house account. So the wallet shows the net and the history both.
 */
export async function postProcessingFee(
  trx: Transaction<Database>,
  fee: { userId: string; walletId: string; amount: Money; checkoutId: string; of: string },
): Promise<void> {
  const description = `Card processing fee (Stripe) on ${fee.of}`;
  await postEntry(trx, {
    kind: 'processing_fee',
    description,
    metadata: { checkoutId: fee.checkoutId },
    postings: [
      { accountId: fee.walletId, amount: fee.amount.negated() },
      { accountId: houseAccountId('processor_fees', fee.amount.currency), amount: fee.amount },
    ],
    transactions: [
      {
        user_id: fee.userId,
        wallet_id: fee.walletId,
        type: 'processing_fee',
        amount: fee.amount.minor,
        currency: fee.amount.currency,
        counterparty: 'Stripe',
        description,
        status: 'completed',
      },
    ],
  });
}
