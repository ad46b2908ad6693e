import { describe, expect, it } from 'vitest';
import { formatPercentChange, formatRate } from './decimal-format';

describe('formatRate', () => {
  it.each([
    [28345.67, '28345.67'],
    [1 / 1.0831, '0.923275782476'],
    [150, '150'],
    [0.9, '0.9'],
    // toPrecision would say 2.36367670971e-7: the wire never carries exponent notation.
    [0.0067 / 28345.67, '0.000000236367670971'],
    [1.5e21, '1500000000000000000000'],
    [0.0000123456789012345, '0.0000123456789012'],
  ])('%d → %s', (value, expected) => {
    expect(formatRate(value)).toBe(expected);
  });

  it('rounds to 12 significant digits', () => {
    expect(formatRate(1 / 3)).toBe('0.333333333333');
    expect(formatRate(2 / 3)).toBe('0.666666666667');
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (value) => {
    expect(() => formatRate(value)).toThrow(RangeError);
  });
});

describe('formatPercentChange', () => {
  it('gives the change in percent with two decimals', () => {
    expect(formatPercentChange('101.5', '100')).toBe('1.50');
    expect(formatPercentChange('98.77', '100')).toBe('-1.23');
    expect(formatPercentChange('0.000000236368283426', '0.000000236368283426')).toBe('0.00');
  });

  it('rounds half away from zero, exactly (no float lands on 1.004999…)', () => {
    expect(formatPercentChange('1.01005', '1')).toBe('1.01'); // 1.005% → 1.01
    expect(formatPercentChange('0.98995', '1')).toBe('-1.01'); // -1.005% → -1.01
  });

  it('never says -0.00', () => {
    expect(formatPercentChange('99.999', '100')).toBe('0.00');
  });
});
