import { useEffect, useState } from 'react';
import { secondsLeft } from '../lib/quote-countdown';

/** The seconds a quote still holds, re-read four times a second so the count never lags by a whole second. */
export function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now()); // a new quote counts from now, not from the last tick of the old one
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return secondsLeft(expiresAt, now);
}
