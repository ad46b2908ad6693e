import { describe, expect, it } from 'vitest';
import type { ExchangeRates } from '@contract/rates';
import type { Wallet } from '@contract/wallets';
import { hasNoMoney, usdRateOf, valuePortfolio } from './portfolio';

const rates: ExchangeRates = {
  crypto: { BTC_USD: '28345.67', ETH_USD: '1800' },
  USD_EUR: '0.8',
  USD_GBP: '0.793659825679',
  USD_JPY: '150',
  USD_CAD: '1.35',
  USD_AUD: '1.5',
  USD_CHF: '0.89',
  timestamp: '2026-11-22T00:00:00.000Z',
};

const wallet = (currency: Wallet['currency'], balance: string, type: Wallet['type']): Wallet => ({
  id: currency,
  currency,
  balance,
  type,
});

describe('valuePortfolio', () => {
  it('values every wallet in USD and sums by kind', () => {
    const value = valuePortfolio(
      [
        wallet('USD', '12450.00', 'fiat'),
        wallet('EUR', '3200.00', 'fiat'),
        wallet('BTC', '0.25000000', 'crypto'),
      ],
      rates,
    );
    expect(value.wallets.map(({ usd }) => usd.format())).toEqual(['12450.00', '4000.00', '7086.42']);
    expect(value.fiat.format()).toBe('16450.00');
    expect(value.crypto.format()).toBe('7086.42');
    expect(value.total.format()).toBe('23536.42');
    expect(hasNoMoney(value)).toBe(false);
  });

  it('handles JPY (no decimals) and a brand-new, empty customer', () => {
    expect(valuePortfolio([wallet('JPY', '1500', 'fiat')], rates).total.format()).toBe('10.00');
    const empty = valuePortfolio(
      [wallet('USD', '0.00', 'fiat'), wallet('BTC', '0.00000000', 'crypto')],
      rates,
    );
    expect(empty.total.format()).toBe('0.00');
    expect(hasNoMoney(empty)).toBe(true);
  });

  it('prices coins directly and fiat as the inverse of the USD quote', () => {
    expect(usdRateOf('ETH', rates)).toMatchObject({ numerator: 1800n, denominator: 1n });
    expect(usdRateOf('EUR', rates)).toEqual({ numerator: 10n, denominator: 8n });
    expect(usdRateOf('USD', rates)).toEqual({ numerator: 1n, denominator: 1n });
  });
});
