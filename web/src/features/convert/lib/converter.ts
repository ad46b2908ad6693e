import type { Currency } from '@contract/currencies';
import { amountProblem, Money, parseAmount, parseRate } from '@contract/money';
import { priceConversion } from '@contract/pricing';
import { NEGATIVE_AMOUNT } from '@web/lib/money';

/** The converter's currencies and its default (Quick Convert's amounts depend on the source: quick-amounts.ts). */
export const converterCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'BTC',
  'ETH',
] as const satisfies readonly Currency[];
export const DEFAULT_CONVERSION = { amount: '1000', from: 'USD', to: 'EUR' } as const satisfies {
  amount: string;
  from: Currency;
  to: Currency;
};

export type AmountCheck =
  | { ok: true; money: Money }
  /** Not above 0 (or not a number at all): the "Invalid Amount" toast. */
  | { ok: false; reason: 'invalid' }
  /** A number, but not one this currency can hold (too many decimals, too large): an inline error. */
  | { ok: false; reason: 'inline'; message: string };

export function checkAmount(amount: string, currency: Currency): AmountCheck {
  if (amount.startsWith('-')) return { ok: false, reason: 'inline', message: NEGATIVE_AMOUNT };
  if (!/^\d+(\.\d+)?$/.test(amount)) return { ok: false, reason: 'invalid' };
  const problem = amountProblem(amount, currency);
  if (problem) return { ok: false, reason: 'inline', message: problem };
  try {
    const money = Money.of(parseAmount(amount, currency), currency);
    return money.isPositive() ? { ok: true, money } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return {
      ok: false,
      reason: 'inline',
      message: error instanceof Error ? error.message : 'Amount is too large',
    };
  }
}

/** The inline message to show while typing, if any (the "Invalid Amount" case waits for Convert Now). */
export function inlineAmountError(amount: string, currency: Currency): string | undefined {
  if (amount === '') return undefined;
  const check = checkAmount(amount, currency);
  return !check.ok && check.reason === 'inline' ? check.message : undefined;
}

export interface ConversionEstimate {
  converted: Money;
  fee: Money;
  total: Money;
}

/**
 * What Convert Now will quote, from the live rate: the converted amount rounded down, the 0.5% fee rounded up,
 * priced by the contract's `priceConversion`, the function the server charges with. The quote remains the
 * authority (the rate may move).
 */
export function estimateConversion(money: Money, to: Currency, rate: string): ConversionEstimate {
  const { converted, fee, total } = priceConversion(money, to, parseRate(rate));
  return { converted, fee, total };
}
