import { describe, expect, it } from 'vitest';
import { formatProfitLoss, formatProfitLossPercent, trendClass } from './profit-loss';

describe('formatProfitLoss', () => {
  it('signs gains and losses with a true minus, grouped to the cent', () => {
    expect(formatProfitLoss('2650.5')).toEqual({ text: '+$2,650.50', trend: 'up' });
    expect(formatProfitLoss('-1234.56')).toEqual({ text: '−$1,234.56', trend: 'down' });
  });

  it('shows no sign for nothing gained or lost', () => {
    expect(formatProfitLoss('0.00')).toEqual({ text: '$0.00', trend: 'flat' });
    expect(formatProfitLoss('-0.00')).toEqual({ text: '$0.00', trend: 'flat' });
  });

  it('shows a malformed figure as sent', () => {
    expect(formatProfitLoss('1.234')).toEqual({ text: '1.234', trend: 'flat' });
  });
});

describe('formatProfitLossPercent', () => {
  it('signs the percentage and reads null as a dash', () => {
    expect(formatProfitLossPercent('4.20')).toEqual({ text: '+4.20%', trend: 'up' });
    expect(formatProfitLossPercent('-1.10')).toEqual({ text: '−1.10%', trend: 'down' });
    expect(formatProfitLossPercent('0.00')).toEqual({ text: '0.00%', trend: 'flat' });
    expect(formatProfitLossPercent(null)).toEqual({ text: '—', trend: 'flat' });
  });

  it('colours gains green and losses red', () => {
    expect(trendClass('up')).toBe('text-success');
    expect(trendClass('down')).toBe('text-destructive');
  });
});
