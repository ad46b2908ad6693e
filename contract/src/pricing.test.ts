import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCodes, scaleOf, type Currency } from './currencies';
import { convertAtRate, Money, parseRate, type RateFraction } from './money';
import {
  basisPointsOf,
  CONVERSION_FEE_BPS,
  feeFromBps,
  formatPercent,
  percentOf,
  priceCardCharge,
  priceConversion,
  priceTrade,
  priceTransfer,
  TRADING_FEE_BPS,
  TRANSFER_FEE_BPS,
  transferCharge,
  valueIn,
} from './pricing';

const currency = fc.constantFrom(...currencyCodes);
/** A rate as a provider prints it: up to 12 significant digits, anywhere from 10^-10 to 10^9. */
const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }), fc.integer({ min: 0, max: 12 }))
  .map(([digits, decimals]) => {
    const text = digits.toString().padStart(decimals + 1, '0');
    return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
  });

/** amount × rate in `to`'s minor units, as an exact fraction: numerator / denominator. */
function exactly(money: Money, to: Currency, rate: RateFraction) {
  return {
    numerator: money.minor * rate.numerator * 10n ** BigInt(scaleOf(to)),
    denominator: rate.denominator * 10n ** BigInt(scaleOf(money.currency)),
  };
}

describe('feeFromBps', () => {
  it('takes basis points of an amount, rounded up to a whole minor unit', () => {
    const usd = (minor: bigint) => Money.of(minor, 'USD');
    expect(feeFromBps(usd(10_000n), TRANSFER_FEE_BPS).minor).toBe(290n);
    expect(feeFromBps(usd(1n), TRANSFER_FEE_BPS).minor).toBe(1n);
    expect(feeFromBps(usd(9718n), TRANSFER_FEE_BPS).minor).toBe(282n); // 281.822 → 282
    expect(feeFromBps(usd(100_000n), CONVERSION_FEE_BPS).minor).toBe(500n);
    expect(feeFromBps(usd(201n), CONVERSION_FEE_BPS).minor).toBe(2n); // 1.005 → 2
    expect(feeFromBps(usd(0n), TRADING_FEE_BPS).minor).toBe(0n);
    expect(feeFromBps(Money.of(123n, 'JPY'), TRANSFER_FEE_BPS)).toEqual(Money.of(4n, 'JPY'));
  });

  it('is over the exact fee by less than one minor unit, whatever the amount and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.constantFrom(TRANSFER_FEE_BPS, CONVERSION_FEE_BPS, TRADING_FEE_BPS, 1n, 9_999n, 10_000n),
        currency,
        (amount, bps, code) => {
          const fee = feeFromBps(Money.of(amount, code), bps);
          expect(fee.currency).toBe(code);
          expect(fee.minor * 10_000n >= amount * bps).toBe(true);
          expect(fee.minor === 0n || (fee.minor - 1n) * 10_000n < amount * bps).toBe(true);
        },
      ),
    );
  });

  it('refuses a negative amount', () => {
    expect(() => feeFromBps(Money.of(-1n, 'USD'), TRANSFER_FEE_BPS)).toThrow(RangeError);
  });
});

describe('priceTransfer', () => {
  it('charges 2.9% on top, rounded up, with no conversion in one currency', () => {
    const figures = priceTransfer(Money.parse('100', 'USD'), 'USD', null);
    expect([figures.fee.format(), figures.total.format(), figures.converted.format()]).toEqual([
      '2.90',
      '102.90',
      '100.00',
    ]);
    expect(figures.rate).toBeNull();
    expect(figures.rounding).toBe('The 2.9% fee is rounded up to the next $0.01.');
  });

  it('converts down at the rate, charging the fee in the source currency', () => {
    const figures = priceTransfer(Money.parse('123.45', 'EUR'), 'JPY', parseRate('161.237'));
    expect([figures.fee.format(), figures.total.format(), figures.converted.format()]).toEqual([
      '3.59',
      '127.04',
      '19904',
    ]);
    expect(figures.converted.currency).toBe('JPY');
    expect(figures.rounding).toMatch(/favour/);
  });

  it('leaves an amount that arrives as nothing to the caller, and needs a rate between two currencies', () => {
    const figures = priceTransfer(Money.parse('0.00000001', 'BTC'), 'JPY', parseRate('4500000'));
    expect(figures.converted.isZero()).toBe(true);
    expect(() => priceTransfer(Money.parse('1', 'USD'), 'EUR', null)).toThrow(/needs a rate/);
  });

  it('is the fee of transferCharge plus the amount converted down, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        currency,
        currency,
        rateText,
        (minor, from, to, text) => {
          const amount = Money.of(minor, from);
          const rate = parseRate(text);
          const figures = priceTransfer(amount, to, from === to ? null : rate);
          expect(figures.fee).toEqual(feeFromBps(amount, TRANSFER_FEE_BPS));
          expect(figures.total).toEqual(amount.plus(figures.fee));
          expect({ fee: figures.fee, total: figures.total }).toEqual(transferCharge(amount));
          if (from === to) expect(figures.converted).toEqual(amount);
          else expect(figures.converted).toEqual(convertAtRate(amount, to, rate, 'down'));
        },
      ),
    );
  });
});

describe('priceConversion', () => {
  it('puts the fee on top: total is what leaves the source wallet', () => {
    const figures = priceConversion(Money.parse('1000', 'USD'), 'EUR', parseRate('0.9233'));
    expect(figures.converted.format()).toBe('923.30');
    expect(figures.fee.format()).toBe('5.00');
    expect(figures.total.format()).toBe('1005.00');
    expect(figures.rounding).toMatch(/favour/);
  });

  it('favours the house by less than one minor unit on each figure', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n, max: 10n ** 12n }), rateText, (amount, text) => {
        const rate = parseRate(text);
        const figures = priceConversion(Money.of(amount, 'USD'), 'EUR', rate);
        // exact = amount × rate (both 2-decimal currencies); converted ≤ exact < converted + 1
        const exactTimesDenominator = amount * rate.numerator;
        const converted = figures.converted.minor;
        expect(converted * rate.denominator <= exactTimesDenominator).toBe(true);
        expect(exactTimesDenominator < (converted + 1n) * rate.denominator).toBe(true);
        const fee = figures.fee.minor;
        expect(fee * 10_000n >= amount * 50n && (fee - 1n) * 10_000n < amount * 50n).toBe(true);
        expect(figures.total.minor).toBe(amount + fee);
      }),
    );
  });
});

describe('priceTrade', () => {
  it('rounds a buy up and a sell down to the cent, the fee up, on top of a buy and out of a sell', () => {
    const quantity = Money.parse('0.12345678', 'ETH');
    const price = Money.parse('1812.34', 'USD'); // value 223.7452...
    const buy = priceTrade('buy', quantity, price);
    const sell = priceTrade('sell', quantity, price);
    expect([buy.value.format(), buy.fee.format(), buy.total.format()]).toEqual(['223.75', '1.12', '224.87']);
    expect([sell.value.format(), sell.fee.format(), sell.total.format()]).toEqual([
      '223.74',
      '1.12',
      '222.62',
    ]);
  });

  it('is within a cent of quantity × price, in Meridian’s favour', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (type, quantity, price) => {
          const { value, fee, total } = priceTrade(type, Money.of(quantity, 'BTC'), Money.of(price, 'USD'));
          const exact = quantity * price; // in 10^-8 cents
          if (type === 'buy') expect(value.minor * 10n ** 8n - exact).toBeGreaterThanOrEqual(0n);
          else expect(exact - value.minor * 10n ** 8n).toBeGreaterThanOrEqual(0n);
          expect((value.minor * 10n ** 8n - exact) ** 2n < 10n ** 16n).toBe(true);
          expect(fee).toEqual(feeFromBps(value, TRADING_FEE_BPS));
          expect(total).toEqual(type === 'buy' ? value.plus(fee) : value.minus(fee));
        },
      ),
    );
  });
});

describe('valueIn', () => {
  it('rounds half up to the minor unit', () => {
    const half = { numerator: 1n, denominator: 2n };
    expect(valueIn(Money.of(1n, 'EUR'), 'USD', half)).toEqual(Money.of(1n, 'USD')); // 0.5 → 1
    expect(valueIn(Money.of(3n, 'EUR'), 'USD', half)).toEqual(Money.of(2n, 'USD')); // 1.5 → 2
    expect(valueIn(Money.of(-1n, 'EUR'), 'USD', half)).toEqual(Money.of(-1n, 'USD')); // away from zero
    expect(valueIn(Money.parse('3200.00', 'EUR'), 'USD', { numerator: 10n, denominator: 8n }).format()).toBe(
      '4000.00',
    );
    // 0.25 BTC at 28345.67 = 7086.4175 → 7086.42
    expect(valueIn(Money.parse('0.25', 'BTC'), 'USD', parseRate('28345.67')).format()).toBe('7086.42');
    // 0.00001 BTC at 28345.67 = 0.2834567 → 0.28
    expect(valueIn(Money.parse('0.00001', 'BTC'), 'USD', parseRate('28345.67')).format()).toBe('0.28');
  });

  it('is worth itself in its own currency, whatever rate it is given', () => {
    const money = Money.parse('12.34', 'USD');
    expect(valueIn(money, 'USD', { numerator: 3n, denominator: 7n })).toBe(money);
  });

  it('is the nearest minor unit to the exact value, a half going away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        currency,
        currency,
        rateText,
        (minor, from, to, text) => {
          fc.pre(from !== to);
          const money = Money.of(minor, from);
          const rate = parseRate(text);
          const value = valueIn(money, to, rate);
          const { numerator, denominator } = exactly(money, to, rate);
          expect(value.currency).toBe(to);
          // |value − exact| ≤ ½ unit, and a tie (exactly ½) goes away from zero.
          const twiceError = 2n * (value.minor * denominator - numerator);
          const size = twiceError < 0n ? -twiceError : twiceError;
          expect(size <= denominator).toBe(true);
          if (size === denominator) expect(value.minor * numerator > 0n).toBe(true);
        },
      ),
    );
  });
});

describe('percent', () => {
  it('is two decimals, half away from zero, never "-0.00"', () => {
    expect(percentOf(1n, 3n)).toBe('33.33');
    expect(percentOf(2n, 3n)).toBe('66.67');
    expect(percentOf(3011n, 10_000n)).toBe('30.11');
    expect(percentOf(1n, 8n)).toBe('12.50');
    expect(percentOf(-1n, 8n)).toBe('-12.50');
    expect(percentOf(1n, 80_000n)).toBe('0.00'); // 0.00125% → 0.00
    expect(percentOf(-1n, 80_000n)).toBe('0.00'); // not "-0.00"
    expect(percentOf(1n, 20_000n)).toBe('0.01'); // 0.005% → 0.01, half up
    expect(percentOf(-1n, 20_000n)).toBe('-0.01'); // half away from zero
    expect(percentOf(5n, 2n)).toBe('250.00');
    expect(percentOf(0n, 7n)).toBe('0.00');
    expect(percentOf(7n, 0n)).toBeNull();
    expect(() => basisPointsOf(7n, 0n)).toThrow(RangeError);
    expect(formatPercent(-123n)).toBe('-1.23');
    expect(formatPercent(5n)).toBe('0.05');
  });

  it('is the nearest hundredth of a percent to the exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }).filter((of) => of !== 0n),
        (part, of) => {
          const bps = basisPointsOf(part, of);
          // |bps − part/of × 10,000| ≤ ½, a tie going away from zero.
          const twiceError = 2n * (bps * of - part * 10_000n);
          const size = twiceError < 0n ? -twiceError : twiceError;
          const ofSize = of < 0n ? -of : of;
          expect(size <= ofSize).toBe(true);
          if (size === ofSize) expect(bps * part * of > 0n).toBe(true);
          // The text reads back as the same number of hundredths.
          const text = percentOf(part, of)!;
          expect(text).toMatch(/^-?\d+\.\d{2}$/);
          expect(text).not.toBe('-0.00');
          expect(BigInt(text.replace('.', ''))).toBe(bps);
        },
      ),
    );
  });
});

describe('priceCardCharge', () => {
  it('charges the next whole cent, never a cent short of the crypto owed', () => {
    const owed = Money.parse('0.25', 'BTC');
    expect(priceCardCharge(owed, 'USD', parseRate('28345.67')).format()).toBe('7086.42'); // 7086.4175
    expect(priceCardCharge(owed, 'USD', parseRate('28345.64')).format()).toBe('7086.41'); // exact
    expect(priceCardCharge(Money.parse('0.00000001', 'BTC'), 'EUR', parseRate('90000')).format()).toBe(
      '0.01',
    );
  });
});
