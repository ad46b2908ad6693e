import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first two letters of the email, upper-cased', () => {
    expect(initialsOf('robin@example.com')).toBe('RO');
    expect(initialsOf('demo-1a2b@demo.meridian.app')).toBe('DE');
  });
  it('falls back to U without an email', () => {
    expect(initialsOf('')).toBe('U');
    expect(initialsOf(undefined)).toBe('U');
  });
});
