import { describe, expect, it } from 'vitest';
import { recipientInitials } from './recipient-initials';

describe('recipientInitials', () => {
  it('takes the first letters of the first two words, or of an email', () => {
    expect(recipientInitials('Northwind Studio')).toBe('NS');
    expect(recipientInitials('Harbor & Finch')).toBe('HF');
    expect(recipientInitials('ana@example.com')).toBe('AN');
    expect(recipientInitials('jo.lee@example.com')).toBe('JL');
    expect(recipientInitials('')).toBe('?');
  });
});
