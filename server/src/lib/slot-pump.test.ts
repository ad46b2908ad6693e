import { describe, expect, it } from 'vitest';
import { createSlotPump } from './slot-pump';

/** A queue of named items, a work function that holds the ones named in `held` until released. */
function setup(items: string[], slots: number, held: string[] = []) {
  const queue = [...items];
  const done: string[] = [];
  const releases = new Map<string, () => void>();
  const pump = createSlotPump<string>({
    slots,
    claim: async (limit) => queue.splice(0, limit),
    work: async (item) => {
      if (held.includes(item)) await new Promise<void>((resolve) => releases.set(item, resolve));
      done.push(item);
    },
    onError: (error) => {
      throw error;
    },
  });
  const holding = (item: string) => releases.has(item);
  return { pump, queue, done, holding, release: (item: string) => releases.get(item)?.() };
}

describe('slot pump', () => {
  it('a held item keeps one slot: the others go through the rest, and drain waits for it', async () => {
    const { pump, done, release } = setup(['stuck', 'a', 'b', 'c', 'd'], 2, ['stuck']);
    const drained = pump.drain();
    await expect.poll(() => done).toEqual(['a', 'b', 'c', 'd']);
    release('stuck');
    expect(await drained).toBe(5);
    expect(done).toEqual(['a', 'b', 'c', 'd', 'stuck']);
  });

  it('claims no more than its free slots', async () => {
    const { pump, queue, done, holding, release } = setup(['x', 'y', 'z'], 2, ['x', 'y', 'z']);
    await pump.fill();
    expect(queue).toEqual(['z']);
    // A slot freed: the pump claims again.
    release('x');
    await expect.poll(() => holding('z')).toBe(true);
    const drained = pump.drain();
    release('y');
    release('z');
    expect(await drained).toBe(0);
    expect(done).toEqual(['x', 'y', 'z']);
  });

  it('stop claims nothing more and waits for what is in flight', async () => {
    const { pump, queue, done, release } = setup(['held', 'next'], 1, ['held']);
    await pump.fill();
    const stopped = pump.stop();
    release('held');
    await stopped;
    expect(done).toEqual(['held']);
    expect(queue).toEqual(['next']);
  });
});
