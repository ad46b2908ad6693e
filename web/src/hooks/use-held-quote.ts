import { useCallback, useEffect, useRef, useState } from 'react';
import { secondsUntil } from '@web/lib/held-quote';

/**
 * A quote whose price holds until its `expiresAt`, as a confirm dialog shows it: the seconds left (ticking),
 * and when they run out a fresh quote is fetched in its place, so the person always confirms a price that
 * still holds instead of meeting a failure. `renew` fetches one at once (after a 409 QUOTE_EXPIRED).
 */
export function useHeldQuote<Q extends { expiresAt: string }>(initial: Q, fetchQuote: () => Promise<Q>) {
  const [quote, setQuote] = useState(initial);
  const [now, setNow] = useState(() => Date.now());
  const [renewing, setRenewing] = useState(false);
  const [failed, setFailed] = useState(false);
  const fetchRef = useRef(fetchQuote);
  fetchRef.current = fetchQuote;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const renew = useCallback(async () => {
    setRenewing(true);
    try {
      setQuote(await fetchRef.current());
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setNow(Date.now());
      setRenewing(false);
    }
  }, []);

  const secondsLeft = secondsUntil(quote.expiresAt, now);
  useEffect(() => {
    if (secondsLeft === 0 && !renewing && !failed) void renew();
  }, [secondsLeft, renewing, failed, renew]);

  return { quote, secondsLeft, renewing, failed, renew };
}
