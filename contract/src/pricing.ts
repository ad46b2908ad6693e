import { scaleOf, type Currency } from './currencies';
import { convertAtRate, displayMoney, Money, type Rate, type RateFraction } from './money';
import type { TradeType } from './trading';

/**
 * Meridian's prices, valuations and percentages, in minor units, shared by the server (which charges and
 * counts them) and the web app (which previews and shows them), so the two can never disagree by a cent.
 * - a fee is a number of basis points of an amount, rounded UP to a whole minor unit (`feeFromBps`): 2.9% on
 *   a transfer, 0.5% on a conversion, 0.5% of a trade's USD value, each charged on top;
 * - money that changes currency on its way to someone is converted DOWN at the rate (`priceTransfer`,
 *   `priceConversion`), and a trade's value is rounded up for a buy and down for a sell (`priceTrade`): with
 *   the fee up, each figure favours Meridian by less than one minor unit;
 * - a valuation (what a wallet or a month's flows are worth in USD) is rounded HALF UP (`valueIn`): no money
 *   moves at it, so it favours no one;
 * - a percentage has two decimals, rounded half away from zero, from integers (`percentOf`).
 */

/** 10,000 basis points make a whole (100%). */
const BASIS_POINTS = 10_000n;

/** The sketch's 2.9% transfer fee, in basis points of the amount sent, charged on top in the source currency. */
export const TRANSFER_FEE_BPS = 290n;
/** The fee on every conversion, in basis points of the amount, charged on top in the source currency. */
export const CONVERSION_FEE_BPS = 50n;
/** The trading fee, in basis points of the trade's USD value, rounded up to the cent. */
export const TRADING_FEE_BPS = 50n;

/** `bps` basis points of `amount`, rounded UP to a whole minor unit: over the exact fee by less than one unit. */
export function feeFromBps(amount: Money, bps: bigint): Money {
  return Money.of(shareRoundedUp(amount.minor, bps), amount.currency);
}

/**
 * A share of a non-negative count of minor units, in basis points, rounded up to the next minor unit: what
 * every fee and the tax estimate charge, so no share is ever a cent short of its rate.
 */
export function shareRoundedUp(minor: bigint, bps: bigint): bigint {
  if (minor < 0n || bps < 0n) throw new RangeError('A fee is a share of a positive amount');
  return (minor * bps + BASIS_POINTS - 1n) / BASIS_POINTS;
}

/** A fee on top of an amount, and what leaves the source wallet. */
export interface Charge {
  fee: Money;
  /** amount + fee. */
  total: Money;
}

const onTop = (amount: Money, bps: bigint): Charge => {
  const fee = feeFromBps(amount, bps);
  return { fee, total: amount.plus(fee) };
};

/** The fee and total of sending `amount`, before its conversion is known (the 2.9% does not depend on it). */
export const transferCharge = (amount: Money): Charge => onTop(amount, TRANSFER_FEE_BPS);

export interface TransferFigures extends Charge {
  /** What the sender typed, in the source currency. */
  amount: Money;
  /** What the recipient gets, in the target currency (equal to `amount` when no conversion). */
  converted: Money;
  /** Null when both currencies are the same. */
  rate: Rate | null;
  /** How the figures were rounded, in words. */
  rounding: string;
}

/**
 * The figures of sending `amount` to be received in `to` at `rate` (null when `to` is the source currency).
 * There is no separate conversion fee: the 2.9% covers the transfer either way. A converted amount of zero is
 * left to the caller to refuse (the server answers 422, a preview shows it).
 */
export function priceTransfer(amount: Money, to: Currency, rate: Rate | null): TransferFigures {
  const from = amount.currency;
  if (rate === null && from !== to) throw new TypeError(`A transfer from ${from} to ${to} needs a rate`);
  const converted = rate === null ? amount : convertAtRate(amount, to, rate, 'down');
  const feeUnit = displayMoney(Money.of(1n, from));
  const rounding =
    rate === null
      ? `The 2.9% fee is rounded up to the next ${feeUnit}.`
      : `Rounded in Meridian's favour by less than one smallest unit: the 2.9% fee up (under ${feeUnit}) ` +
        `and the amount received down (under ${displayMoney(Money.of(1n, to))}).`;
  return { amount, ...transferCharge(amount), converted, rate, rounding };
}

export interface ConversionFigures extends Charge {
  original: Money;
  converted: Money;
  rate: Rate;
  /** How the figures were rounded, in words. */
  rounding: string;
}

/**
 * The figures of converting `original` into `to` at `rate`. Fee on top: the user converts exactly what they
 * typed. A converted amount of zero is left to the caller to refuse.
 */
export function priceConversion(original: Money, to: Currency, rate: Rate): ConversionFigures {
  const converted = convertAtRate(original, to, rate, 'down');
  const unitFrom = displayMoney(Money.of(1n, original.currency));
  const unitTo = displayMoney(Money.of(1n, to));
  return {
    original,
    converted,
    ...onTop(original, CONVERSION_FEE_BPS),
    rate,
    rounding:
      `Rounded in Meridian's favour by less than one smallest unit: the converted amount down ` +
      `(under ${unitTo}) and the 0.5% fee up (under ${unitFrom}).`,
  };
}

/** A trade's USD figures. */
export interface TradeCharge {
  /** quantity × price, to the cent. */
  value: Money;
  fee: Money;
  /** What leaves the USD wallet (buy: value + fee) or reaches it (sell: value − fee). */
  total: Money;
}

/**
 * The figures of trading `quantity` of an asset at `price` (USD per whole unit of the asset): the value rounds
 * up for a buy and down for a sell (never in the customer's favour by a fraction of a cent), the 0.5% fee goes
 * on top of a buy and comes out of a sell. A value or total of zero is left to the caller to refuse.
 */
export function priceTrade(type: TradeType, quantity: Money, price: Money): TradeCharge {
  const unit = 10n ** BigInt(scaleOf(quantity.currency));
  const product = quantity.minor * price.minor;
  const value = Money.of(type === 'buy' ? (product + unit - 1n) / unit : product / unit, price.currency);
  const fee = feeFromBps(value, TRADING_FEE_BPS);
  return { value, fee, total: type === 'buy' ? value.plus(fee) : value.minus(fee) };
}

/**
 * What `money` is worth in `to` at `rate` (units of `to` per unit of `money`'s currency): the one valuation,
 * used wherever a balance or a sum of flows is shown or counted in another currency (the dashboard's USD
 * figures, the monthly limit, earnings and cash flow, the sandbox deposit cap, an invoice's home amount).
 *
 * Rounded half up to the minor unit (half away from zero for a negative amount), not down: a valuation moves
 * no money, so there is no side to favour, and to the nearest cent is what a statement shows. It is one rule so
 * that a wallet counts against the monthly limit exactly what the dashboard shows it is worth, and earnings
 * add up from the same figures.
 */
export function valueIn(money: Money, to: Currency, rate: RateFraction): Money {
  return money.currency === to ? money : convertAtRate(money, to, rate, 'nearest');
}

/**
 * What a card is charged, in the fiat `currency`, to pay exactly `amount` of a crypto invoice at `rate`
 * (crypto → fiat): rounded up to the next minor unit, so the owner never receives a unit less than is owed.
 */
export function priceCardCharge(amount: Money, currency: Currency, rate: RateFraction): Money {
  return convertAtRate(amount, currency, rate, 'up');
}

/**
 * `part` of `of` in basis points (hundredths of a percent), rounded half away from zero: 1n of 3n → 3333n,
 * -1n of 8n → -1250n. Throws when `of` is zero (a share of nothing has no value).
 */
export function basisPointsOf(part: bigint, of: bigint): bigint {
  if (of === 0n) throw new RangeError('A percentage of zero has no value');
  const negative = part < 0n !== of < 0n;
  const partSize = part < 0n ? -part : part;
  const ofSize = of < 0n ? -of : of;
  const size = (partSize * BASIS_POINTS * 2n + ofSize) / (ofSize * 2n);
  return negative ? -size : size;
}

/** The one percent formatter: 3011n basis points → "30.11", -123n → "-1.23", never "-0.00". No "%" sign. */
export function formatPercent(basisPoints: bigint): string {
  const sign = basisPoints < 0n ? '-' : '';
  const size = basisPoints < 0n ? -basisPoints : basisPoints;
  return `${sign}${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
}

/** `part` of `of` as a percentage with two decimals ("30.11", "-1.23"); null when `of` is zero. */
export const percentOf = (part: bigint, of: bigint): string | null =>
  of === 0n ? null : formatPercent(basisPointsOf(part, of));
