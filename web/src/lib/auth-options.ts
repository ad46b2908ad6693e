import { useSyncExternalStore } from 'react';
import type { AuthOptions } from '@contract/email-verification';
import { api } from './api-client';

// What this server offers before sign-in (the demo exists only on a sandbox server). Fixed by the server's
// configuration, so asked once per page load. Plain state rather than a query: the prerendered landing page
// shows the demo button without loading TanStack Query.
let known: AuthOptions | undefined;
let asking: Promise<AuthOptions> | undefined;
const listeners = new Set<() => void>();

export function getAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  asking ??= api.get<AuthOptions>('/api/auth/options', signal).then(
    (options) => {
      known = options;
      listeners.forEach((listener) => listener());
      return options;
    },
    (error: unknown) => {
      asking = undefined; // the next caller asks again
      throw error;
    },
  );
  return asking;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A failure leaves the options unknown (no demo button); nothing to report to the visitor.
  getAuthOptions().catch(() => {});
  return () => listeners.delete(listener);
}

/** The options once known; undefined while asking, after a failure, and while hydrating prerendered markup. */
export const useKnownAuthOptions = () =>
  useSyncExternalStore(
    subscribe,
    () => known,
    () => undefined,
  );
