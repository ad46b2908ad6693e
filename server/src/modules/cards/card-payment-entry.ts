import { scaleOf, type Currency } from '@contract/currencies';
import { Money, type Rate } from '@contract/money';
import { houseAccountId } from '../ledger/house-accounts';
import type { EntryInput } from '../ledger/ledger.service';

/**
 * What a purchase in `amount` costs the card's wallet in `walletCurrency` at `rate` (units of the wallet's
 * currency per unit of the purchase's), rounded UP to the wallet's minor unit: any rounding favours the house
 * by less than one minor unit. No FX fee on card payments.
 */
export function walletCostOf(amount: Money, walletCurrency: Currency, rate: Rate | null): Money {
  if (amount.currency === walletCurrency) return amount;
  if (!rate) throw new Error('A purchase in another currency needs a rate');
  const numerator = amount.minor * rate.numerator * 10n ** BigInt(scaleOf(walletCurrency));
  const denominator = rate.denominator * 10n ** BigInt(scaleOf(amount.currency));
  const cost = (numerator + denominator - 1n) / denominator;
  return Money.of(cost > 0n ? cost : 1n, walletCurrency);
}

/**
 * The one entry of an approved card payment, with its `card_payment` history row. Sign convention as in
 * ledger.service.ts (positive = into the account):
 *   same currency:  wallet −cost · card_settlement[cur] +cost
 *   converted:      wallet −cost · fx_liquidity[wallet cur] +cost       (in the wallet's currency)
 *                   fx_liquidity[purchase cur] −amount · card_settlement[purchase cur] +amount
 * The card network is paid `amount` in the purchase's currency either way.
 */
export function cardPaymentEntry(input: {
  userId: string;
  walletId: string;
  cardId: string;
  merchant: string;
  amount: Money;
  cost: Money;
  rate: Rate | null;
  createdAt?: string;
}): EntryInput {
  const { amount, cost } = input;
  const converted = amount.currency !== cost.currency;
  const postings = converted
    ? [
        { accountId: input.walletId, amount: cost.negated() },
        { accountId: houseAccountId('fx_liquidity', cost.currency), amount: cost },
        { accountId: houseAccountId('fx_liquidity', amount.currency), amount: amount.negated() },
        { accountId: houseAccountId('card_settlement', amount.currency), amount },
      ]
    : [
        { accountId: input.walletId, amount: cost.negated() },
        { accountId: houseAccountId('card_settlement', amount.currency), amount },
      ];
  return {
    kind: 'card_payment',
    description: input.merchant,
    metadata: { cardId: input.cardId, ...(converted && input.rate && { rate: input.rate.text }) },
    ...(input.createdAt && { createdAt: input.createdAt }),
    postings,
    transactions: [
      {
        user_id: input.userId,
        wallet_id: input.walletId,
        type: 'card_payment',
        amount: cost.minor,
        currency: cost.currency,
        counterparty: input.merchant,
        description: input.merchant,
        status: 'completed',
        ...(converted && {
          from_currency: cost.currency,
          to_currency: amount.currency,
          exchange_rate: input.rate?.text ?? null,
          converted_amount: amount.minor,
        }),
      },
    ],
  };
}
