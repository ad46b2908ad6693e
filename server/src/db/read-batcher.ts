/**
 * Reads of one kind that arrive in the same turn of the event loop go to PostgreSQL as ONE query for all
 * their keys (DataLoader's idea). Each query is a round trip: the process's write to the socket wakes a
 * database backend that sleeps between queries, and on GET /api/wallets with two workers that write was a
 * third of a busy worker's time. Under load a turn holds several requests, so they share it.
 *
 * Freshness is unchanged: the query is sent after every caller in the batch asked (the next turn), so each
 * sees at least everything that had committed when it asked, its own writes included.
 *
 * `loadMany` answers a Map from key to value; a key it leaves out answers `missing`. An error fails every
 * caller of the batch, as it would have failed each one's own query.
 */
export function readBatcher<Key, Value>(
  loadMany: (keys: Key[]) => Promise<Map<Key, Value>>,
  missing: Value,
): (key: Key) => Promise<Value> {
  let waiting: Map<Key, { resolve: (value: Value) => void; reject: (error: unknown) => void }[]> | null =
    null;

  function flush() {
    const batch = waiting!;
    waiting = null;
    loadMany([...batch.keys()]).then(
      (found) => {
        for (const [key, callers] of batch)
          for (const caller of callers) caller.resolve(found.get(key) ?? missing);
      },
      (error: unknown) => {
        for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
      },
    );
  }

  return (key) =>
    new Promise<Value>((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        setImmediate(flush);
      }
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
