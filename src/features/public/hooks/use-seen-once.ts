import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the moment `amount` (a share, 0 to 1) of the element has been on screen, and from then on. The browser's
 * IntersectionObserver, not framer-motion's useInView: the hero's counters are in the public pages' first islands.
 */
export function useSeenOnce(ref: RefObject<Element | null>, amount: number): boolean {
  const [isSeen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isSeen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
      },
      { threshold: amount },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, amount, isSeen]);
  return isSeen;
}
