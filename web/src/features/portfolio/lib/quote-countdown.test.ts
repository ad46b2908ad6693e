import { describe, expect, it } from 'vitest';
import { secondsLeft } from './quote-countdown';

const now = Date.parse('2026-11-23T12:00:00.000Z');

describe('secondsLeft', () => {
  it('counts whole seconds up to the expiry, rounding up', () => {
    expect(secondsLeft('2026-11-23T12:00:30.000Z', now)).toBe(30);
    expect(secondsLeft('2026-11-23T12:00:04.200Z', now)).toBe(5);
    expect(secondsLeft('2026-11-23T12:00:00.001Z', now)).toBe(1);
  });

  it('is 0 at and after the expiry, and for a time it cannot read', () => {
    expect(secondsLeft('2026-11-23T12:00:00.000Z', now)).toBe(0);
    expect(secondsLeft('2026-11-23T11:59:00.000Z', now)).toBe(0);
    expect(secondsLeft('soon', now)).toBe(0);
  });
});
