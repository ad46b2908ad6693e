import type { Currency } from '@contract/currencies';
import { displayMoney, Money } from '@contract/money';
import { transferFeeMinor } from '@contract/transfers';
import { AppError } from '../../lib/errors';
import { convertAtRate, type Rate } from '@contract/money';

export interface TransferFigures {
  /** What the sender typed, in the source currency. */
  amount: Money;
  /** 2.9% of `amount`, rounded up, on top. */
  fee: Money;
  /** amount + fee: what leaves the source wallet. */
  total: Money;
  /** What the recipient gets, in the target currency (equal to `amount` when no conversion). */
  converted: Money;
  /** Null when both currencies are the same. */
  rate: Rate | null;
  rounding: string;
}

/**
 * The figures of sending `amount` to be received in `to`. Rounding favours Meridian by less than one minor
 * unit on each figure: the fee is rounded up (see transferFeeMinor) and the converted amount down (the FX
 * module's convertAtRate, rounding down). There is no separate conversion fee: the 2.9% covers the transfer either way.
 */
export function priceTransfer(amount: Money, to: Currency, rate: Rate | null): TransferFigures {
  const from = amount.currency;
  const converted = rate === null ? amount : convertAtRate(amount, to, rate, 'down');
  if (!converted.isPositive()) {
    throw new AppError('BUSINESS_RULE', `The amount is too small to send in ${to}`, {
      amount: `Too small to arrive as ${to}`,
    });
  }
  const fee = Money.of(transferFeeMinor(amount.minor), from);
  const feeUnit = displayMoney(Money.of(1n, from));
  const rounding =
    rate === null
      ? `The 2.9% fee is rounded up to the next ${feeUnit}.`
      : `Rounded in Meridian's favour by less than one smallest unit: the 2.9% fee up (under ${feeUnit}) ` +
        `and the amount received down (under ${displayMoney(Money.of(1n, to))}).`;
  return { amount, fee, total: amount.plus(fee), converted, rate, rounding };
}
