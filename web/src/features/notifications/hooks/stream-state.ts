import { useSyncExternalStore } from 'react';

/**
 * Whether this tab holds a live notification stream. While it does, the bell's count arrives by push and the
 * spec's 30 s poll is off; when the stream drops, polling takes over until it reconnects.
 */
let live = false;
const listeners = new Set<() => void>();

export function setStreamLive(value: boolean) {
  if (live === value) return;
  live = value;
  listeners.forEach((listener) => listener());
}

export function useStreamLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => live,
  );
}
