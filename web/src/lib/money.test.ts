import { describe, expect, it } from 'vitest';
import { Money } from '@contract/money';
import {
  amountInputProblem,
  NEGATIVE_AMOUNT,
  formatChange,
  formatMoney,
  formatRate,
  formatSignedMoney,
  moneyFromWire,
  roundDecimal,
} from './money';

describe('formatMoney', () => {
  it('shows wire amounts with the currency scale', () => {
    expect(formatMoney('12450.00', 'USD')).toBe('$12,450.00');
    expect(formatMoney('3200.00', 'EUR')).toBe('€3,200.00');
    expect(formatMoney('1500', 'JPY')).toBe('¥1,500');
    expect(formatMoney('0.25000000', 'BTC')).toMatch(/^BTC\s0\.25000000$/);
    expect(formatMoney(Money.of(1n, 'ETH'))).toMatch(/0\.00000001$/);
  });

  it('shows a malformed amount as sent instead of throwing', () => {
    expect(formatMoney('1.001', 'USD')).toBe('1.001 USD');
    expect(moneyFromWire('abc', 'USD')).toBeNull();
  });

  it('signs amounts explicitly', () => {
    expect(formatSignedMoney(Money.parse('2650', 'USD'), '+')).toBe('+$2,650.00');
    expect(formatSignedMoney(Money.parse('54.99', 'USD'), '-')).toBe('−$54.99');
  });
});

describe('rates and changes', () => {
  it('rounds decimal strings half up, exactly', () => {
    expect(roundDecimal('0.923254793097', 4)).toBe('0.9233');
    expect(roundDecimal('1.99995', 4)).toBe('2.0000');
    expect(roundDecimal('149.5', 0)).toBe('150');
  });

  it('shows rates at a readable precision', () => {
    expect(formatRate('28349.4614409')).toBe('28,349.46');
    expect(formatRate('0.923254793097')).toBe('0.9233');
    expect(formatRate('149.25809544')).toBe('149.26');
    expect(formatRate('1.08312462332')).toBe('1.0831');
    expect(formatRate('0.0634910403367')).toBe('0.06349');
    expect(formatRate('0.000000236368283426')).toBe('0.0000002364');
    expect(formatRate('1')).toBe('1.0000');
  });

  it('signs the 24 h change and gives its direction', () => {
    expect(formatChange('0.58')).toEqual({ text: '+0.58%', trend: 'up' });
    expect(formatChange('-1.20')).toEqual({ text: '−1.20%', trend: 'down' });
    expect(formatChange('0.00')).toEqual({ text: '0.00%', trend: 'flat' });
  });
});

describe('amountInputProblem', () => {
  it('refuses a negative amount (add funds, goals) instead of reading it as positive', () => {
    expect(amountInputProblem('-5', 'USD')).toBe(NEGATIVE_AMOUNT);
    expect(amountInputProblem('5', 'USD')).toBeNull();
  });
});
