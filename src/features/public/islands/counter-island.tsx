import { AnimatedCounter } from '../components/animated-counter';
import { counterSpecOf, type CounterGroup } from './plain-counter';

export type CounterIslandProps = {
  group: CounterGroup;
  counter: string;
  label: string;
  tone: 'light' | 'dark';
};

/** A counter as an island (src/app/islands/registry.ts): its spec named, since a spec's format cannot travel in HTML. */
export function CounterIsland({ group, counter, label, tone }: CounterIslandProps) {
  const spec = counterSpecOf({ group, counter });
  if (!spec) throw new Error(`no counter ${group}.${counter}`);
  return <AnimatedCounter spec={spec} label={label} tone={tone} />;
}
