import { useCallback, useEffect, useRef, useState } from 'react';
import { useSecondsLeft } from './use-seconds-left';

/**
 * A quote whose price holds until its `expiresAt`, as a confirm dialog shows it: the seconds left (ticking),
 * and when they run out a fresh quote is fetched in its place, so the person always confirms a price that
 * still holds instead of meeting a failure. `renew` fetches one at once (after a 409 QUOTE_EXPIRED).
 */
export function useHeldQuote<Q extends { expiresAt: string }>(
  initial: Q,
  fetchQuote: () => Promise<Q>,
  /**
   * No automatic renewal (after a lost answer the same request must be resent as it was: a new quote would
   * change it, and its Idempotency-Key would then be refused as reused).
   */
  paused = false,
) {
  // The quote shown, and the one it replaced (null until the first renewal): what changed is shown to the person.
  const [held, setHeld] = useState<{ quote: Q; previous: Q | null }>({ quote: initial, previous: null });
  const { quote, previous } = held;
  const [renewing, setRenewing] = useState(false);
  const [failed, setFailed] = useState(false);
  const fetchRef = useRef(fetchQuote);
  fetchRef.current = fetchQuote;

  const renew = useCallback(async () => {
    setRenewing(true);
    try {
      const next = await fetchRef.current();
      setHeld((current) => ({ quote: next, previous: current.quote }));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setRenewing(false);
    }
  }, []);

  const secondsLeft = useSecondsLeft(quote.expiresAt);
  useEffect(() => {
    if (secondsLeft === 0 && !renewing && !failed && !paused) void renew();
  }, [secondsLeft, renewing, failed, paused, renew]);

  return { quote, previous, secondsLeft, renewing, failed, renew };
}
