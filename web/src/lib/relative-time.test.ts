import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('relativeTime', () => {
  it('follows the spec buckets', () => {
    expect(relativeTime(ago(0.5), now)).toBe('Just now');
    expect(relativeTime(ago(-1), now)).toBe('Just now');
    expect(relativeTime(ago(1), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23.9), now)).toBe('23 hours ago');
    expect(relativeTime(ago(24), now)).toBe('Yesterday');
    expect(relativeTime(ago(47.9), now)).toBe('Yesterday');
    expect(relativeTime('2026-11-18T14:28:00.000Z', now)).toBe('Nov 18, 2026');
  });

  it('shows nothing for an unreadable time', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
