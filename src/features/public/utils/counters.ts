// Counter targets and formats of (hero and About page).

import { groupThousands } from '@shared/group-thousands';

export type CounterSpec = {
  target: number;
  step: number;
  intervalMs: number;
  format: (value: number) => string;
};

/** Active users: 200 every 50 ms up to 10,000, shown as 200+ … 9.8K+ … 10K+. */
export function formatUsers(value: number): string {
  if (value < 1000) return `${value}+`;
  const thousands = Math.floor(value / 100) / 10;
  return `${thousands}K+`;
}

/** Funding deployed in millions: $500M+ … $1B+ once it reaches 1000. */
export function formatFundingMillions(value: number): string {
  if (value >= 1000) return `$${Math.floor(value / 100) / 10}B+`;
  return `$${value}M+`;
}

/** About page: millions as $…M+ all the way (1000 shows as $1000M+). */
export function formatMillionsPlus(value: number): string {
  return `$${value}M+`;
}

/** About page: clients as …+ with thousands separators. */
export function formatCountPlus(value: number): string {
  return `${groupThousands(value)}+`;
}

export const HERO_COUNTERS = {
  activeUsers: { target: 10_000, step: 200, intervalMs: 50, format: formatUsers },
  // 1000 (millions) in 50 steps of 50 ms: 2.5 s, the upper end of the spec's 1.5-2.5 s.
  funding: { target: 1000, step: 20, intervalMs: 50, format: formatFundingMillions },
} satisfies Record<string, CounterSpec>;

export const ABOUT_COUNTERS = {
  // 100 steps over 5 seconds each.
  funding: { target: 1000, step: 10, intervalMs: 50, format: formatMillionsPlus },
  clients: { target: 10_000, step: 100, intervalMs: 50, format: formatCountPlus },
} satisfies Record<string, CounterSpec>;

/** The value after `ticks` steps, never past the target. */
export function counterValueAt(spec: Pick<CounterSpec, 'target' | 'step'>, ticks: number): number {
  return Math.min(spec.target, Math.max(0, ticks) * spec.step);
}

/** How long a counter runs from 0 to its target. */
export function counterDurationMs(spec: Omit<CounterSpec, 'format'>): number {
  return Math.ceil(spec.target / spec.step) * spec.intervalMs;
}

/** The longest text a counter shows on its way to the target: the width it reserves so counting never reflows. */
export function widestCounterText(spec: CounterSpec): string {
  let widest = spec.format(0);
  const ticks = Math.ceil(spec.target / spec.step);
  for (let tick = 1; tick <= ticks; tick += 1) {
    const text = spec.format(counterValueAt(spec, tick));
    if (text.length > widest.length) widest = text;
  }
  return widest;
}
