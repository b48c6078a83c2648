import type { ApplicationStatus, LoanStatus, MilestoneCategory, RewardType } from '@shared/constants';
import type { InstallmentState, RewardState } from '@shared/schemas/client';

// Spec §9: currency is USD en-US, and the client view shows no decimals.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const USD_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatUsd(amount: number): string {
  return USD.format(Math.round(amount));
}

/** Schedule installments may carry cents (the last one absorbs the rounding). */
export function formatUsdExact(amount: number): string {
  return Number.isInteger(amount) ? formatUsd(amount) : USD_CENTS.format(amount);
}

/** A moment (createdAt, expiresAt) in the visitor's own calendar. */
export function formatDate(value: Date): string {
  return value.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A calendar date 'YYYY-MM-DD' (payment due dates): never shifted by the visitor's time zone. */
export function formatCalendarDate(value: string): string {
  return new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Spec §9: the application id is shown as its first 8 characters, upper case. */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

export type BadgeLook = { label: string; colorPalette: string };

/**
 * Signed-in spec §4: approved shows 'Pre-Approved' (green), declined 'Needs Review', anything else
 * 'Pending Review'; a funded application shows 'Funded'.
 */
export function applicationStatusBadge(status: ApplicationStatus): BadgeLook {
  if (status === 'approved') return { label: 'Pre-Approved', colorPalette: 'green' };
  if (status === 'funded') return { label: 'Funded', colorPalette: 'blue' };
  if (status === 'declined') return { label: 'Needs Review', colorPalette: 'orange' };
  return { label: 'Pending Review', colorPalette: 'gray' };
}

/** Spec §4: current; past_due as 'N days past due'; other values shown by name. */
export function loanStatusBadge(status: LoanStatus, daysPastDue: number): BadgeLook {
  if (status === 'current') return { label: 'Current', colorPalette: 'green' };
  if (status === 'past_due') {
    return { label: `${daysPastDue} ${daysPastDue === 1 ? 'day' : 'days'} past due`, colorPalette: 'red' };
  }
  if (status === 'paid_off') return { label: 'Paid Off', colorPalette: 'blue' };
  return { label: 'Defaulted', colorPalette: 'red' };
}

export function installmentBadge(state: InstallmentState): BadgeLook {
  switch (state) {
    case 'paid':
      return { label: 'Paid', colorPalette: 'green' };
    case 'partial':
      return { label: 'Partly paid', colorPalette: 'yellow' };
    case 'late':
      return { label: 'Late', colorPalette: 'red' };
    case 'due':
      return { label: 'Due today', colorPalette: 'orange' };
    default:
      return { label: 'Upcoming', colorPalette: 'gray' };
  }
}

export function rewardStateBadge(state: RewardState): BadgeLook {
  if (state === 'used') return { label: 'Used', colorPalette: 'gray' };
  if (state === 'expired') return { label: 'Expired', colorPalette: 'red' };
  return { label: 'Available', colorPalette: 'green' };
}

const CATEGORY_LABELS: Record<MilestoneCategory, string> = {
  payment: 'Payment',
  engagement: 'Engagement',
  business_growth: 'Business Growth',
  loan_completion: 'Loan Completion',
};

export function categoryLabel(category: MilestoneCategory | 'all'): string {
  return category === 'all' ? 'All' : CATEGORY_LABELS[category];
}

/** What a reward is worth, in words: "$100 cash credit", "5% discount", "Badge", "Feature unlock". */
export function describeReward(type: RewardType, value: number): string {
  switch (type) {
    case 'cash_credit':
      return `${formatUsd(value)} cash credit`;
    case 'discount':
      return `${value}% discount`;
    case 'badge':
      return 'Badge';
    default:
      return 'Feature unlock';
  }
}
