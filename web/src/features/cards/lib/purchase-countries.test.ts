import { describe, expect, it } from 'vitest';
import { purchaseCountries } from './purchase-countries';

describe('purchase countries', () => {
  it('names each code and sorts by name', () => {
    expect(purchaseCountries.find((country) => country.code === 'GB')?.name).toBe('United Kingdom');
    const names = purchaseCountries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(purchaseCountries.map((country) => country.code)).size).toBe(purchaseCountries.length);
  });
});
