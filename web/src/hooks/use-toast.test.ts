import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast, toast } from './use-toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('keeps at most one toast, the newest', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    expect(currentToasts()).toHaveLength(1);
    expect(currentToasts()[0]).toMatchObject({
      id: second.id,
      title: 'Second',
      variant: 'destructive',
      open: true,
    });
  });

  it('closes a dismissed toast at once and forgets it after 1,000,000 ms', () => {
    const shown = toast({ title: 'Saved' });
    dismissToast(shown.id);
    expect(currentToasts()[0]).toMatchObject({ id: shown.id, open: false });
    vi.advanceTimersByTime(999_999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });
});
