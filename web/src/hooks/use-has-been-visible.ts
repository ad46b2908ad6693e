import { useEffect, useState, type RefObject } from 'react';

/**
 * True once any part of the element has been on screen, and from then on. For heavy parts below the fold
 * that need not load until someone scrolls to them.
 */
export function useHasBeenVisible(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
