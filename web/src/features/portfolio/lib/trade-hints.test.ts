import { describe, expect, it } from 'vitest';
import type { Wallet } from '@contract/wallets';
import { emptyTradeForm } from './trade-form';
import { MARKET_PRICE_HINT, priceHint, quantityHint } from './trade-hints';

const wallets = [
  { id: 'w1', currency: 'USD', balance: '1500.00', type: 'fiat' },
  { id: 'w2', currency: 'BTC', balance: '0.25000000', type: 'crypto' },
] as Wallet[];

describe('quantityHint', () => {
  it('shows the USD to spend on a buy and the coins to sell on a sell', () => {
    expect(quantityHint(emptyTradeForm('buy'), wallets)).toBe('Available: $1,500.00');
    expect(quantityHint({ ...emptyTradeForm('sell'), asset: 'BTC' }, wallets)).toMatch(/0\.25000000/);
    expect(quantityHint({ ...emptyTradeForm('sell'), asset: 'ETH' }, wallets)).toMatch(/0\.00000000/);
    expect(quantityHint(emptyTradeForm('sell'), wallets)).toMatch(/Choose an asset/);
  });
});

describe('priceHint', () => {
  it('shows the reserved total of a valid limit buy and what a limit sell brings', () => {
    const draft = { type: 'buy' as const, asset: 'BTC' as const, quantity: '0.01', price: '28000' };
    expect(priceHint(draft)).toBe('Reserved now: $281.40 (includes the $1.40 fee)');
    expect(priceHint({ ...draft, type: 'sell' })).toBe(
      'You receive when filled: $278.60 (after the $1.40 fee)',
    );
  });

  it('explains market orders while there is no valid limit order', () => {
    expect(priceHint(emptyTradeForm())).toBe(MARKET_PRICE_HINT);
    expect(priceHint({ type: 'buy', asset: 'BTC', quantity: '0.01', price: '' })).toBe(MARKET_PRICE_HINT);
  });
});
