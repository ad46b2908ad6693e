/**
 * Runs `batch` until it finds nothing to do, one run at a time in this process, and resolves with how many
 * items were tried. A call that arrives while a run is going asks it to look once more before it ends: what
 * that call is about (a message, a delivery) may have committed after the run last looked, and would
 * otherwise wait for the next timer tick. The outboxes (mail, webhooks) drain this way after each commit.
 */
export function drainInTurns(batch: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | null = null;
  let lookAgain = false;
  return () => {
    if (running) {
      lookAgain = true;
      return running;
    }
    running = (async () => {
      let tried = 0;
      do {
        lookAgain = false;
        for (let found = await batch(); found > 0; found = await batch()) tried += found;
      } while (lookAgain);
      return tried;
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
