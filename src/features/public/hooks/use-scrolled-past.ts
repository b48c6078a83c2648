import { useEffect, useState } from 'react';

/** The floating Apply Today box shows once the page is scrolled further than this. */
export const STICKY_BOX_THRESHOLD_PX = 300;

/** True once the page is scrolled more than `threshold` px (false on the server and the first render). */
export function useScrolledPast(threshold: number): boolean {
  const [isPast, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isPast;
}
