export interface SlotPumpOptions<T> {
  /** The most items this process works on at once. */
  slots: number;
  /** Claims up to `limit` items (leased in the database, so processes take different ones). */
  claim(limit: number): Promise<T[]>;
  /** Works one item to its end; it is never awaited together with the others. */
  work(item: T): Promise<void>;
  /** Where a failure of `work`, or of a claim nobody awaits, is reported. */
  onError(error: unknown): void;
}

/**
 * Works claimed items with at most `slots` of them in flight in this process, each on its own: when one ends
 * its slot is free and the pump claims again. A slow item so holds one slot and nothing waits for it, as
 * everything in a batch would wait for the batch's slowest. Claims run one at a time; a call that arrives
 * while one runs asks it to look once more (an item that ended, or a row that committed, after it looked).
 */
export function createSlotPump<T>(options: SlotPumpOptions<T>) {
  const { slots, claim, work, onError } = options;
  let inFlight = 0;
  let started = 0;
  let claiming: Promise<void> | null = null;
  let lookAgain = false;
  let stopped = false;
  let waiters: (() => void)[] = [];

  const wakeIfIdle = () => {
    if (inFlight > 0 || claiming) return;
    const idle = waiters;
    waiters = [];
    for (const resolve of idle) resolve();
  };

  function start(item: T) {
    inFlight += 1;
    started += 1;
    work(item)
      .catch(onError)
      .finally(() => {
        inFlight -= 1;
        fill().catch(onError);
        wakeIfIdle();
      });
  }

  /** Claims into the free slots until they are full or nothing more is due; resolves once the claims are made. */
  function fill(): Promise<void> {
    if (claiming) {
      lookAgain = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        lookAgain = false;
        while (!stopped && inFlight < slots) {
          const free = slots - inFlight;
          const items = await claim(free);
          items.forEach(start);
          if (items.length < free) break;
        }
      } while (lookAgain && !stopped);
    })().finally(() => {
      claiming = null;
      wakeIfIdle();
    });
    return claiming;
  }

  /** Resolves once nothing is in flight and no claim is running. */
  const idle = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      wakeIfIdle();
    });

  return {
    fill,
    /** Claims what is due and waits until all of it, and all that followed it, has ended; answers how many. */
    async drain(): Promise<number> {
      const before = started;
      await fill();
      await idle();
      return started - before;
    },
    /** Claims nothing more and waits for what is in flight (before the database closes). */
    async stop(): Promise<void> {
      stopped = true;
      await idle();
    },
  };
}
