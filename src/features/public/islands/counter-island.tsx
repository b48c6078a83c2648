import { AnimatedCounter } from '../components/animated-counter';
import { ABOUT_COUNTERS, HERO_COUNTERS } from '../utils/counters';

const COUNTERS = { hero: HERO_COUNTERS, about: ABOUT_COUNTERS };

export type CounterIslandProps = {
  group: keyof typeof COUNTERS;
  counter: string;
  label: string;
  tone: 'light' | 'dark';
};

/** A counter as an island (src/app/islands/registry.ts): its spec named, since a spec's format cannot travel in HTML. */
export function CounterIsland({ group, counter, label, tone }: CounterIslandProps) {
  const spec = (COUNTERS[group] as Record<string, (typeof COUNTERS)['hero']['funding']>)[counter];
  if (!spec) throw new Error(`no counter ${group}.${counter}`);
  return <AnimatedCounter spec={spec} label={label} tone={tone} />;
}
