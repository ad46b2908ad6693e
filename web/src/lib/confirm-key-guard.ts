import { useState, type KeyboardEvent } from 'react';

/** How long after a confirm step appears a key press is still taken as the one that opened it. */
export const CONFIRM_ARMING_MS = 700;

const activates = (key: string) => key === 'Enter' || key === ' ';

/**
 * A confirm step must never take the keystroke that opened it. Enter in a form opens its review with focus on
 * Confirm; the same key held down (auto-repeat) or pressed twice in a row would press Confirm and move the
 * money. Spread the returned `onKeyDown` on the confirm button (or on a form whose Enter confirms): it swallows
 * Enter and Space while they repeat, and any press in the first CONFIRM_ARMING_MS after the step appeared.
 * A click is never swallowed, nor a deliberate key press once the step has been on screen a moment.
 *
 * The hook's state is the moment the calling component mounted: mount it with the step.
 */
export function useConfirmKeyGuard() {
  const [shownAt] = useState(() => performance.now());
  return {
    onKeyDown(event: KeyboardEvent) {
      if (!activates(event.key)) return;
      if (event.repeat || performance.now() - shownAt < CONFIRM_ARMING_MS) event.preventDefault();
    },
  };
}
