import type { Transaction } from 'kysely';
import { Money } from '@contract/money';
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
 * What the wallet gives up for the processor's `fee` (in the charged currency) on a payment that charged
 * `charged` and credits `credit`. Charged in another currency than the wallet's (a crypto invoice paid by
 * card): the fee at the payment's own quote, rounded up (the house never pays part of it), and the house pays
 * the processor in the charged currency from its liquidity. Never more than `credit`, since the fee is never
 * more than `charged`.
 */
export const feeFromWallet = (fee: Money, charged: Money, credit: Money): Money =>
  charged.currency === credit.currency
    ? fee
    : Money.of((fee.minor * credit.minor + charged.minor - 1n) / charged.minor, credit.currency);

/**
 * The processor's fee on a card payment, as its own entry and history row: from the wallet the payment
 * arrived in to the processor-fees house account. So the wallet shows the net and the history both.
 */
export async function postProcessingFee(
  trx: Transaction<Database>,
  fee: {
    userId: string;
    walletId: string;
    /** The processor's fee, in the charged currency. */
    amount: Money;
    charged: Money;
    credit: Money;
    checkoutId: string;
    of: string;
  },
): Promise<void> {
  const description = `Card processing fee (Stripe) on ${fee.of}`;
  const { charged, credit } = fee;
  const fromWallet = feeFromWallet(fee.amount, charged, credit);
  const crossing = charged.currency !== credit.currency;
  await postEntry(trx, {
    kind: 'processing_fee',
    description,
    metadata: { checkoutId: fee.checkoutId },
    postings: [
      { accountId: fee.walletId, amount: fromWallet.negated() },
      ...(crossing
        ? [
            { accountId: houseAccountId('fx_liquidity', credit.currency), amount: fromWallet },
            { accountId: houseAccountId('fx_liquidity', charged.currency), amount: fee.amount.negated() },
          ]
        : []),
      { accountId: houseAccountId('processor_fees', fee.amount.currency), amount: fee.amount },
    ],
    transactions: [
      {
        user_id: fee.userId,
        wallet_id: fee.walletId,
        type: 'processing_fee',
        amount: fromWallet.minor,
        currency: fromWallet.currency,
        counterparty: 'Stripe',
        description,
        status: 'completed',
      },
    ],
  });
}

/**
 * A crypto invoice paid by card in fiat: the fiat the processor took arrives in the house's liquidity, and the
 * crypto credited to the wallet (from the outside world, as every invoice payment is) is the house's, given
 * from its liquidity at the quote. House accounts only: the customer's side is the invoice payment's entry.
 */
export async function postCardConversion(
  trx: Transaction<Database>,
  conversion: { charged: Money; credit: Money; checkoutId: string },
): Promise<void> {
  const { charged, credit } = conversion;
  await postEntry(trx, {
    kind: 'card_conversion',
    description: `Card payment of ${charged.currency} for ${credit.currency} at a held quote`,
    metadata: { checkoutId: conversion.checkoutId },
    postings: [
      { accountId: houseAccountId('external', charged.currency), amount: charged.negated() },
      { accountId: houseAccountId('fx_liquidity', charged.currency), amount: charged },
      { accountId: houseAccountId('fx_liquidity', credit.currency), amount: credit.negated() },
      { accountId: houseAccountId('external', credit.currency), amount: credit },
    ],
  });
}
