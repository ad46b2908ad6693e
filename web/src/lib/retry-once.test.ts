import { describe, expect, it, vi } from 'vitest';
import { retryOnce } from './retry-once';

describe('retryOnce', () => {
  it('answers with the first load when it works', async () => {
    const load = vi.fn().mockResolvedValue('chunk');
    expect(await retryOnce(load, 0)).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load once more', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('chunk');
    expect(await retryOnce(load, 0)).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure, with its error', async () => {
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(retryOnce(load, 0)).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
