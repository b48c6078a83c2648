import { useEffect, useState } from 'react';
import { counterValueAt, type CounterSpec } from '../utils/counters';

/**
 * Counts from 0 to the target in fixed steps once `isActive` turns true; reduced-motion users get the target
 * at once. Starts at 0 on the server and on the first client render, so hydration always matches.
 */
export function useStepCounter(spec: Omit<CounterSpec, 'format'>, isActive: boolean, isReduced: boolean): number {
  const [value, setValue] = useState(0);
  const { target, step, intervalMs } = spec;
  useEffect(() => {
    if (isReduced) {
      setValue(target);
      return;
    }
    if (!isActive) return;
    let ticks = 0;
    const timer = window.setInterval(() => {
      ticks += 1;
      const next = counterValueAt({ target, step }, ticks);
      setValue(next);
      if (next >= target) window.clearInterval(timer);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [isActive, isReduced, target, step, intervalMs]);
  return value;
}
