import { useSyncExternalStore } from 'react';
import type { ToastVariant } from '@web/components/ui/toast';

/** One toast at a time; a dismissed toast is dropped from memory after 1,000,000 ms. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the provider's default (5000) when omitted. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Closes a toast (it animates out), then forgets it later. Without an id, closes them all. */
export function dismissToast(id?: string) {
  for (const item of toasts) {
    if ((id === undefined || item.id === id) && !removalTimers.has(item.id)) {
      const timer = setTimeout(() => {
        removalTimers.delete(item.id);
        setToasts(toasts.filter((other) => other.id !== item.id));
      }, TOAST_REMOVE_DELAY);
      removalTimers.set(item.id, timer);
    }
  }
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast. Usable outside React (e.g. in a mutation's onError). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The toasts now in the store (for code outside React, and tests). */
export const currentToasts = (): readonly ToastItem[] => toasts;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  // The store is empty on the server (the landing page is prerendered) and while hydrating.
  const current = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
