import type { ApplicationStatus, LoanStatus, MilestoneCategory, RewardType } from '@shared/constants';
import { formatDaysPastDue, formatUsd } from '@shared/format';
import type { InstallmentState, RewardState } from '@shared/schemas/client';

export type BadgeLook = { label: string; colorPalette: string };

/** Approved shows 'Pre-Approved' (green), declined 'Needs Review', anything else 'Pending Review'; funded 'Funded'. */
export function applicationStatusBadge(status: ApplicationStatus): BadgeLook {
  if (status === 'approved') return { label: 'Pre-Approved', colorPalette: 'green' };
  if (status === 'funded') return { label: 'Funded', colorPalette: 'blue' };
  if (status === 'declined') return { label: 'Needs Review', colorPalette: 'orange' };
  return { label: 'Pending Review', colorPalette: 'gray' };
}

/** Current; past_due as 'N days past due'; other values shown by name. */
export function loanStatusBadge(status: LoanStatus, daysPastDue: number): BadgeLook {
  if (status === 'current') return { label: 'Current', colorPalette: 'green' };
  if (status === 'past_due') {
    return { label: formatDaysPastDue(daysPastDue), colorPalette: 'red' };
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
