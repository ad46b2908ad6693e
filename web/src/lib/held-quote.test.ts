import { describe, expect, it } from 'vitest';
import { secondsUntil } from './held-quote';

describe('secondsUntil', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  it('counts whole seconds up, down to zero', () => {
    expect(secondsUntil('2026-11-22T12:00:30.000Z', now)).toBe(30);
    expect(secondsUntil('2026-11-22T12:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2026-11-22T12:00:00.000Z', now)).toBe(0);
    expect(secondsUntil('2026-11-22T11:59:00.000Z', now)).toBe(0);
    expect(secondsUntil('not a time', now)).toBe(0);
  });
});
