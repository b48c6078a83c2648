import type { ClientLoan, MilestoneProgress, Reward } from '../types';

// What the dashboard shows once money has moved (docs/product.md 5, 9): the loans' figures for its summary, the
// prompts the server's renewal rule allows, and the rewards previews with the counts they are part of.

/** A loan still being repaid (past-due included); paid-off and defaulted ones are history. */
export const isOpenLoan = (loan: Pick<ClientLoan, 'status'>) => loan.status === 'current' || loan.status === 'past_due';

export type LoanSummary = {
  open: ClientLoan[];
  /** What is left to repay on the open loans, whole dollars. */
  balance: number;
  /** The soonest payment due on an open loan. */
  nextPayment: { date: string; amount: number } | null;
  /** Open loans the server found eligible for renewal and refinancing (`renewalEligible`). */
  eligible: ClientLoan[];
};

export function loanSummary(loans: readonly ClientLoan[]): LoanSummary {
  const open = loans.filter(isOpenLoan);
  let nextPayment: LoanSummary['nextPayment'] = null;
  for (const loan of open) {
    if (loan.nextPaymentDate === null || loan.nextPaymentAmount === null) continue;
    if (!nextPayment || loan.nextPaymentDate < nextPayment.date)
      nextPayment = { date: loan.nextPaymentDate, amount: loan.nextPaymentAmount };
  }
  return {
    open,
    balance: open.reduce((sum, loan) => sum + loan.balance, 0),
    nextPayment,
    eligible: open.filter((loan) => loan.renewalEligible),
  };
}

export type Preview<T> = { items: T[]; total: number };

const preview = <T>(all: T[], limit: number): Preview<T> => ({ items: all.slice(0, limit), total: all.length });

/**
 * The Rewards tab's three short lists, each with the count it is a part of: milestones ready to claim, milestones
 * still in progress and rewards available to use. The counts are the lists' own lengths, so the words above the
 * cards can never disagree with them.
 */
export function rewardsPreview(
  data: { milestoneProgress: MilestoneProgress[]; rewards: Reward[] },
  limit: number,
): { ready: Preview<MilestoneProgress>; active: Preview<MilestoneProgress>; available: Preview<Reward> } {
  return {
    ready: preview(
      data.milestoneProgress.filter((item) => item.isCompleted && !item.rewardClaimed),
      limit,
    ),
    active: preview(
      data.milestoneProgress.filter((item) => !item.isCompleted),
      limit,
    ),
    available: preview(
      data.rewards.filter((reward) => reward.state === 'available'),
      limit,
    ),
  };
}

/** "Showing 3 of 5" under a list cut short; nothing when every item is shown. */
export function shownOf(list: Preview<unknown>): string | null {
  return list.total > list.items.length ? `Showing ${list.items.length} of ${list.total}` : null;
}
