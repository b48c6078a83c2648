import { formatUsd } from '@shared/format';
import type { FinancingPosition, OfferDisclosure, OfferLimits, Renewal, WhatIf } from '../types';

// Pure helpers behind the offer menu, the affordability meter and the loan extras.

/** A percent with one decimal, as the server rounds it ("12.3%"). */
export function formatPct(value: number): string {
  return `${value.toFixed(1)}%`;
}

const WEEKS_PER_MONTH = 52 / 12;

/** "40 weeks (about 9 months)"; short terms stay in weeks only. */
export function formatTerm(weeks: number): string {
  const unit = weeks === 1 ? 'week' : 'weeks';
  const months = Math.round(weeks / WEEKS_PER_MONTH);
  if (months < 2) return `${weeks} ${unit}`;
  return `${weeks} ${unit} (about ${months} months)`;
}

export type MeterScale = {
  /** The meter's upper end, in percent of weekly revenue. */
  max: number;
  /** Where the value ends, as a share of the track (0-100). */
  fillPct: number;
  /** Where the cap mark sits, as a share of the track (0-100); null without a cap. */
  capPct: number | null;
  isOverCap: boolean;
};

/**
 * The affordability meter's geometry: the track runs to half again the cap (rounded up to 5 points), or further
 * when a payment exceeds it, so the cap mark always sits well inside the track.
 */
export function affordabilityScale(valuePct: number, capPct: number | null): MeterScale {
  const reach = Math.max(capPct === null ? 0 : capPct * 1.5, valuePct * 1.1, 10);
  const max = Math.min(100, Math.ceil(reach / 5) * 5);
  const share = (value: number) => Math.min(100, Math.max(0, (value / max) * 100));
  return {
    max,
    fillPct: share(valuePct),
    capPct: capPct === null ? null : share(capPct),
    isOverCap: capPct !== null && valuePct > capPct,
  };
}

/** The meter's words, read by screen readers and shown beside it. */
export function describeAffordability(valuePct: number | null, capPct: number | null): string {
  if (valuePct === null) return 'Weekly revenue not verified from statements';
  const base = `${formatPct(valuePct)} of verified weekly revenue`;
  return capPct === null ? base : `${base} (limit ${formatPct(capPct)})`;
}

/** An amount typed or slid into the engine's limits, on its $500 steps. */
export function clampAmount(amount: number, limits: OfferLimits): number {
  if (!Number.isFinite(amount)) return limits.minAmount;
  // The maximum itself is always allowed, even off the steps (the engine's amount may be).
  if (amount >= limits.maxAmount) return limits.maxAmount;
  const step = limits.amountStep > 0 ? limits.amountStep : 1;
  const snapped = limits.minAmount + Math.round((amount - limits.minAmount) / step) * step;
  const highest = limits.minAmount + Math.floor((limits.maxAmount - limits.minAmount) / step) * step;
  return Math.min(highest, Math.max(limits.minAmount, snapped));
}

/** A term typed or slid into the engine's limits, in whole weeks. */
export function clampTerm(weeks: number, limits: OfferLimits): number {
  if (!Number.isFinite(weeks)) return limits.minTermWeeks;
  return Math.min(limits.maxTermWeeks, Math.max(limits.minTermWeeks, Math.round(weeks)));
}

/** "1,500" or "$1,500" typed into a dollars field, as a number (NaN when it is not one). */
export function parseDollars(text: string): number {
  const digits = text.replace(/[$,\s]/g, '');
  if (!/^\d+$/.test(digits)) return Number.NaN;
  return Number(digits);
}

export type RenewalProgress = {
  /** How far along the way to eligibility, 0-100. */
  towardPct: number;
  label: string;
};

/** Renewal tracker: progress toward the share of the payback that makes a loan eligible. */
export function renewalProgress(renewal: Pick<Renewal, 'paidPct' | 'eligibleAtPct' | 'eligible'>): RenewalProgress {
  const towardPct =
    renewal.eligible || renewal.eligibleAtPct <= 0
      ? 100
      : Math.min(100, Math.max(0, Math.round((renewal.paidPct / renewal.eligibleAtPct) * 100)));
  const paid = `${Math.round(renewal.paidPct)}% paid`;
  const label = renewal.eligible
    ? `Eligible for renewal (${paid})`
    : `${paid} of the ${Math.round(renewal.eligibleAtPct)}% needed for renewal`;
  return { towardPct, label };
}

/** The summary's rows, in the order California and New York ask for them. */
export function disclosureRows(disclosure: OfferDisclosure): { label: string; value: string }[] {
  return [
    { label: 'Funding provided', value: formatUsd(disclosure.fundingProvided) },
    { label: 'Amount withheld', value: formatUsd(disclosure.amountWithheld) },
    { label: 'Net funds disbursed', value: formatUsd(disclosure.netFunds) },
    { label: 'Estimated APR', value: formatPct(disclosure.estimatedApr) },
    { label: 'Finance charge', value: formatUsd(disclosure.financeCharge) },
    { label: 'Total repayment', value: formatUsd(disclosure.totalRepayment) },
    {
      label: 'Payment amount and frequency',
      value: `${formatUsd(disclosure.paymentAmount)} ${disclosure.paymentFrequency.toLowerCase()}`,
    },
    { label: 'Estimated term', value: formatTerm(disclosure.estimatedTermWeeks) },
    { label: 'Prepayment policy', value: disclosure.prepaymentPolicy },
  ];
}

/** What the engine would decide without a fact, in words (the figures are the engine's own re-run). */
export function describeWhatIf(withoutIt: WhatIf['withoutIt']): string {
  if (withoutIt.decision === 'approved') {
    return `Without it: ${formatUsd(withoutIt.amount)}, ${formatUsd(withoutIt.weeklyPayment)} weekly for ${withoutIt.termWeeks} weeks`;
  }
  if (withoutIt.decision === 'review') return 'Without it: the application would still go to an underwriter';
  return 'Without it: the engine would still not approve an offer';
}

/** An outside position as the statements show it: "$450 daily (about $2,250 a week)". */
export function describePosition(position: Pick<FinancingPosition, 'amount' | 'frequency' | 'weeklyBurden'>): string {
  return `${formatUsd(position.amount)} ${position.frequency} (about ${formatUsd(position.weeklyBurden)} a week)`;
}
