import { ageOn, isRealIsoDate, todayUtc } from './calendar';
import { TIME_IN_BUSINESS } from './constants';

// Business start date and time in business say the same thing (docs/product.md 3.2): the option a start date
// means is derived from it, and an answer whose two fields disagree is refused by the wizard and the server alike.

export type TimeInBusiness = (typeof TIME_IN_BUSINESS)[number];

/** Lower bound, in whole years, of each option; the shortest option also covers a business under a year old. */
const OPTION_FROM_YEARS: ReadonlyArray<readonly [number, TimeInBusiness]> = [
  [10, '10+ years'],
  [5, '5-10 years'],
  [2, '2-5 years'],
  [0, '1-2 years'],
];

/** The time-in-business option a business start date means on `today`; null for a date that is not one or is ahead. */
export function timeInBusinessFor(startDate: string, today = todayUtc()): TimeInBusiness | null {
  if (!isRealIsoDate(startDate) || startDate > today) return null;
  const years = ageOn(startDate, today);
  return OPTION_FROM_YEARS.find(([fromYears]) => years >= fromYears)?.[1] ?? null;
}

/**
 * False only when both answers are usable and disagree: a missing or malformed answer has its own field message, so
 * it never makes this one too.
 */
export function businessAgeAgrees(answers: { businessStartDate?: unknown; timeInBusiness?: unknown }): boolean {
  const { businessStartDate, timeInBusiness } = answers;
  if (typeof businessStartDate !== 'string' || typeof timeInBusiness !== 'string') return true;
  const derived = timeInBusinessFor(businessStartDate.trim());
  if (derived === null || !(TIME_IN_BUSINESS as readonly string[]).includes(timeInBusiness)) return true;
  return derived === timeInBusiness;
}
