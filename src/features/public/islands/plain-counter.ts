import { ABOUT_COUNTERS, counterValueAt, HERO_COUNTERS, type CounterSpec } from '../utils/counters';
import { REDUCED_MOTION_QUERY } from '../utils/reduced-motion';

// A counter of a prerendered public page without React (src/app/islands/plain-islands.ts): the build's markup of
// AnimatedCounter (components/animated-counter.tsx) counts up as the component does. The number shown is
// aria-hidden and the accessible text (the final value) is in the markup already: only the shown number changes.

/** The groups of counters a counter island may name. */
export type CounterGroup = 'hero' | 'about';

const COUNTERS: Record<CounterGroup, Record<string, CounterSpec>> = { hero: HERO_COUNTERS, about: ABOUT_COUNTERS };

/** The spec a counter island names in its props (here and counter-island.tsx), or undefined. */
export function counterSpecOf(props: { group?: unknown; counter?: unknown }): CounterSpec | undefined {
  if (typeof props.group !== 'string' || typeof props.counter !== 'string') return undefined;
  return Object.hasOwn(COUNTERS, props.group) ? COUNTERS[props.group as CounterGroup][props.counter] : undefined;
}

/**
 * Counts the counter in `element` (its island wrapper) from 0 to its target once 10% of it is visible, one step each
 * `intervalMs`; with reduced motion it shows the target at once (also if that preference turns on while counting).
 * Answers false when the markup is not a counter's.
 */
export function startPlainCounter(element: HTMLElement, spec: CounterSpec): boolean {
  const box = element.firstElementChild;
  const shown = element.querySelector<HTMLElement>('[data-testid="counter-value"]');
  if (!box || !shown) return false;
  const show = (value: number) => {
    const text = spec.format(value);
    if (shown.textContent !== text) shown.textContent = text;
  };
  const motion = window.matchMedia(REDUCED_MOTION_QUERY);
  let timer: number | undefined;
  const finish = () => {
    window.clearInterval(timer);
    observer.disconnect();
    show(spec.target);
  };
  const count = () => {
    let ticks = 0;
    timer = window.setInterval(() => {
      ticks += 1;
      const value = counterValueAt(spec, ticks);
      show(value);
      if (value >= spec.target) window.clearInterval(timer);
    }, spec.intervalMs);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (motion.matches) finish();
      else count();
    },
    { threshold: 0.1 },
  );
  motion.addEventListener('change', () => {
    if (motion.matches) finish();
  });
  if (motion.matches) finish();
  else observer.observe(box);
  return true;
}
