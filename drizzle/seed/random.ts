// Deterministic randomness for the seed: the same --random-seed gives the same names, amounts and dates.
// Every generator draws from one stream in a fixed order, so the order of calls is part of the output:
// moving a draw changes every row after it.
import { randomUUID } from 'node:crypto';

export type Random = {
  /** A number in [0, 1) from the seeded stream. */
  next: () => number;
  /** A whole number from min to max, both included. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** A dollar amount from min to max in whole steps. */
  dollars: (min: number, max: number, step: number) => number;
};

/** mulberry32: small, fast and good enough for demo data; a seed of 0 (or not a number) counts as 1. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    dollars: (min: number, max: number, step: number) => int(min / step, max / step) * step,
  };
}

export const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Ids are random (a second run adds rows next to the first); names, amounts and dates follow the seed. */
export function seededId(): string {
  return randomUUID();
}

export const DAY_MS = 86_400_000;

/** The moment the run started; every seeded date is counted back from it. */
export type SeedClock = { now: Date; today: string };

export function startClock(): SeedClock {
  const now = new Date();
  return { now, today: now.toISOString().slice(0, 10) };
}

/** A DATETIME literal in UTC (the seed's connection runs with time_zone +00:00). */
export const toSql = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
