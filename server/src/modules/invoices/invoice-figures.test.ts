import { describe, expect, it } from 'vitest';
import { hundredths } from '@contract/invoice-math';
import { invoiceFigures, normalizePercent } from './invoice-figures';

describe('invoice figures', () => {
  it('multiplies each line, sums them and adds tax, half up to the cent', () => {
    const figures = invoiceFigures(
      'USD',
      [
        { description: 'Design', quantity: '1.5', unitPrice: '80.33' }, // 120.495 → 120.50
        { description: 'Hosting', quantity: '3', unitPrice: '9.99' }, // 29.97
      ],
      '8.25',
    );
    expect(figures.lines.map((line) => line.amount.format())).toEqual(['120.50', '29.97']);
    expect(figures.amount.format()).toBe('150.47');
    expect(figures.taxAmount.format()).toBe('12.41'); // 12.413775
    expect(figures.totalAmount.format()).toBe('162.88');
  });

  it('keeps a crypto invoice in satoshis', () => {
    const figures = invoiceFigures(
      'BTC',
      [{ description: 'Audit', quantity: '2', unitPrice: '0.00012345' }],
      '0',
    );
    expect(figures.amount.format()).toBe('0.00024690');
    expect(figures.taxAmount.isZero()).toBe(true);
  });

  it('refuses more decimals than the currency has, naming the line in fields (not in the words)', () => {
    let refused: unknown;
    try {
      invoiceFigures('USD', [{ description: 'x', quantity: '1', unitPrice: '1.001' }], '0');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ fields: { 'items.0.unitPrice': expect.any(String) } });
    expect((refused as Error).message).toMatch(/^USD amounts can have at most 2 decimal/);
  });

  it('refuses a total that rounds to nothing', () => {
    expect(() =>
      invoiceFigures('USD', [{ description: 'x', quantity: '0.01', unitPrice: '0.01' }], '0'),
    ).toThrow(/more than 0/);
  });

  it('reads percentages and quantities in hundredths', () => {
    expect(hundredths('8.25')).toBe(825n);
    expect(hundredths('8.5')).toBe(850n);
    expect(hundredths('100')).toBe(10_000n);
    expect(normalizePercent('8.50')).toBe('8.5');
    expect(normalizePercent('020')).toBe('20');
    expect(normalizePercent('0')).toBe('0');
  });
});
