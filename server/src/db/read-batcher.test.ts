import { describe, expect, it } from 'vitest';
import { readBatcher } from './read-batcher';

describe('readBatcher', () => {
  it('answers every read asked in one turn from one call, each with its own key', async () => {
    const calls: string[][] = [];
    const load = readBatcher(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'nobody').map((key) => [key, `wallets of ${key}`]));
    }, 'none');
    const answers = await Promise.all(['ann', 'bo', 'ann', 'nobody'].map((key) => load(key)));
    expect(answers).toEqual(['wallets of ann', 'wallets of bo', 'wallets of ann', 'none']);
    expect(calls).toEqual([['ann', 'bo', 'nobody']]);

    // A later turn is a new batch.
    expect(await load('cy')).toBe('wallets of cy');
    expect(calls).toHaveLength(2);
  });

  it('fails every caller of a batch whose query failed, and the next batch starts clean', async () => {
    let fail = true;
    const load = readBatcher(async (keys: number[]) => {
      if (fail) throw new Error('database unavailable');
      return new Map(keys.map((key) => [key, key * 2]));
    }, 0);
    const failed = await Promise.allSettled([load(1), load(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await Promise.all([load(1), load(2)])).toEqual([2, 4]);
  });
});
