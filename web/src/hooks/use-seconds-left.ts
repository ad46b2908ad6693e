import { useEffect, useState } from 'react';
import { secondsUntil } from '@web/lib/held-quote';

/**
 * The seconds a quote still holds its price, re-read four times a second so the count never lags by a whole
 * second; a new `expiresAt` counts from now, not from the last tick of the old one.
 */
export function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return secondsUntil(expiresAt, now);
}
