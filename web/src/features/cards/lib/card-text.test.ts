import { describe, expect, it } from 'vitest';
import { formatExpiry, groupDigits, usedPercent } from './card-text';

describe('card text', () => {
  it('prints expiry and numbers as on a card', () => {
    expect(formatExpiry(8, 2029)).toBe('08/29');
    expect(formatExpiry(12, 2030)).toBe('12/30');
    expect(groupDigits('4000001234567899')).toBe('4000 0012 3456 7899');
  });

  it('says how much of a limit is used, capped at 100', () => {
    expect(usedPercent('25.00', '100.00', 'USD')).toBe(25);
    expect(usedPercent('150.00', '100.00', 'USD')).toBe(100);
    expect(usedPercent('0.00', null, 'USD')).toBeNull();
    expect(usedPercent('999', '1000', 'JPY')).toBe(99);
  });
});
