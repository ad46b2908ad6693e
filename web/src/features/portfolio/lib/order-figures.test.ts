import { describe, expect, it } from 'vitest';
import { limitOrderFigures } from './order-figures';

const formatted = (figures: ReturnType<typeof limitOrderFigures>) => ({
  value: figures.value.format(),
  fee: figures.fee.format(),
  total: figures.total.format(),
});

describe('limitOrderFigures', () => {
  it('reserves quantity × price plus the 0.5% fee for a buy', () => {
    expect(formatted(limitOrderFigures('buy', 'BTC', '0.01', '28000.00'))).toEqual({
      value: '280.00',
      fee: '1.40',
      total: '281.40',
    });
  });

  it('rounds a buy up and a sell down to the cent, and the fee up', () => {
    // 0.00000001 × 28345.67 = 0.0002834567 USD
    expect(formatted(limitOrderFigures('buy', 'BTC', '0.00000001', '28345.67'))).toEqual({
      value: '0.01',
      fee: '0.01',
      total: '0.02',
    });
    // 0.12345678 × 1812.34 = 223.7437103652
    expect(formatted(limitOrderFigures('sell', 'ETH', '0.12345678', '1812.34'))).toEqual({
      value: '223.74',
      fee: '1.12',
      total: '222.62',
    });
    expect(formatted(limitOrderFigures('buy', 'ETH', '0.12345678', '1812.34')).value).toBe('223.75');
  });

  it('stays exact where floats would not (0.1 × 0.3)', () => {
    expect(limitOrderFigures('buy', 'BTC', '0.1', '0.30').value.format()).toBe('0.03');
    expect(limitOrderFigures('buy', 'BTC', '3', '0.10').value.format()).toBe('0.30');
  });

  it('handles large orders without losing precision', () => {
    expect(formatted(limitOrderFigures('buy', 'BTC', '12345.12345678', '99999.99'))).toEqual({
      value: '1234512222.23',
      fee: '6172561.12',
      total: '1240684783.35',
    });
  });
});
