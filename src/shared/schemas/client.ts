import { z } from 'zod';
import type { AiDecision, ApplicationStatus, LoanStatus, MilestoneCategory, RewardType } from '../constants';
import { groupThousands } from '../group-thousands';

// Client area (docs/product.md 5). Inputs are zod; answers are plain types the
// server's services return, so the client needs nothing from server/.

/** Object ids are UUIDs, but anything else simply matches nothing (404), never a validation leak. */
const objectId = z.string().trim().min(1, 'Missing id').max(64, 'Invalid id');

export const applicationIdSchema = z.object({ id: objectId }).strict();
export type ApplicationIdInput = z.infer<typeof applicationIdSchema>;

export const loanIdSchema = z.object({ id: objectId }).strict();
export type LoanIdInput = z.infer<typeof loanIdSchema>;

/** A milestone_progress id (the `id` of a milestoneProgress item). */
export const claimMilestoneSchema = z.object({ id: objectId }).strict();
export type ClaimMilestoneInput = z.infer<typeof claimMilestoneSchema>;

export const redeemRewardSchema = z.object({ id: objectId }).strict();
export type RedeemRewardInput = z.infer<typeof redeemRewardSchema>;

export const REFINANCE_REASON_MIN = 10;
export const REFINANCE_REASON_MAX = 1000;
export const REFINANCE_AMOUNT_MIN = 1_000;
export const REFINANCE_AMOUNT_MAX = 5_000_000;

export const createRefinanceRequestSchema = z
  .object({
    /** The loan to refinance; absent for a general request (e.g. consolidating outside positions). */
    loanId: objectId.optional(),
    /** Whole US dollars. */
    requestedAmount: z
      .number({ error: 'Please enter an amount in whole dollars' })
      .int('Please enter an amount in whole dollars')
      .min(REFINANCE_AMOUNT_MIN, `The amount must be at least $${groupThousands(REFINANCE_AMOUNT_MIN)}`)
      .max(REFINANCE_AMOUNT_MAX, `The amount must be at most $${groupThousands(REFINANCE_AMOUNT_MAX)}`)
      .optional(),
    reason: z
      .string({ error: 'Please tell us why you would like to refinance' })
      .trim()
      .min(REFINANCE_REASON_MIN, `Please tell us a little more (at least ${REFINANCE_REASON_MIN} characters)`)
      .max(REFINANCE_REASON_MAX, `Please keep it under ${REFINANCE_REASON_MAX} characters`),
  })
  .strict();
export type CreateRefinanceRequestInput = z.infer<typeof createRefinanceRequestSchema>;

// Default factor rate and term when an offer does not state them.
export const DEFAULT_FACTOR_RATE = 1.35;
export const DEFAULT_TERM_WEEKS = 36;
/** docs/product.md 5: a claimed reward can be used for 90 days. */
export const REWARD_VALIDITY_DAYS = 90;
/** A level is every 3 completed milestones. */
export const MILESTONES_PER_LEVEL = 3;
/** Each completed milestone is worth this many points (stats.totalPointsEarned). */
export const POINTS_PER_MILESTONE = 100;
/** The dashboard's Rewards tab shows at most 3 milestones and 3 rewards. */
export const DASHBOARD_REWARDS_PREVIEW = 3;

export const MILESTONE_FILTERS = ['all', 'payment', 'engagement', 'business_growth', 'loan_completion'] as const;
export type MilestoneFilter = (typeof MILESTONE_FILTERS)[number];

/** "Rewards dashboard": level = floor(completed / 3) + 1. */
export function rewardLevel(completedMilestones: number): number {
  return Math.floor(Math.max(0, completedMilestones) / MILESTONES_PER_LEVEL) + 1;
}

// ---- Answers ----

/** The offer behind an application, in whole dollars (client view without decimals). */
export type OfferDto = {
  amount: number;
  factorRate: number;
  purchasedAmount: number;
  weeklyPayment: number;
  termWeeks: number;
  /** Estimated APR in percent, one decimal (docs/product.md 4: shown to the client too). */
  estimatedApr: number;
};

/** The client-facing summary of the automated analysis (never the staff-only reasoning). */
export type AnalysisSummaryDto = {
  /** Null when no statement could be read: the applicant's stated revenue is never shown as a statement figure. */
  averageMonthlyRevenue: number | null;
  /** How revenue was established, in plain words (null for results stored before the engine said so). */
  revenueNote: string | null;
  healthScore: number | null;
  consistencyRating: string | null;
  cashFlowTrend: string | null;
  overallRiskLevel: string | null;
  recommendations: string[];
  nextSteps: string[];
  /** Why the engine offered less than asked, in plain words (null when it did not, or on older results). */
  lessThanAsked: string | null;
  /** What would raise the offer, in plain words. */
  whatWouldChange: string[];
};

export type ClientApplicationDto = {
  id: string;
  businessName: string;
  businessType: string;
  timeInBusiness: string;
  monthlyRevenue: string;
  loanAmount: number;
  approvedAmount: number | null;
  status: ApplicationStatus;
  aiApproved: AiDecision | null;
  /** Numeric string ("Dashboard list items also read: confidence"); null before underwriting. */
  confidence: string | null;
  createdAt: Date;
  updatedAt: Date;
  submittedDate: Date;
  /** When staff or the engine decided (the status timeline); null while undecided. */
  decidedAt: Date | null;
  /** When the loan was funded; null until then. */
  fundedAt: Date | null;
  offer: OfferDto | null;
  analysis: AnalysisSummaryDto | null;
  /** Set once funding was accepted. */
  loanId: string | null;
};

export type ClientLoanDto = {
  id: string;
  applicationId: string;
  businessName: string;
  principal: number;
  purchasedAmount: number;
  balance: number;
  totalPaid: number;
  /** Estimated APR in percent. */
  interestRate: number;
  factorRate: number;
  weeklyPayment: number;
  termWeeks: number;
  nextPaymentDate: string | null;
  nextPaymentAmount: number | null;
  paymentsRemaining: number;
  daysPastDue: number;
  status: LoanStatus;
  fundedAt: Date;
  firstPaymentDate: string;
  /**
   * Open and half of the total repayment paid (docs/product.md 5.5): decided by the server, the one rule behind the
   * renewal and refinance prompts.
   */
  renewalEligible: boolean;
};

export const INSTALLMENT_STATES = ['paid', 'partial', 'late', 'due', 'upcoming'] as const;
export type InstallmentState = (typeof INSTALLMENT_STATES)[number];

export type ScheduleItemDto = {
  seq: number;
  dueDate: string;
  /** Dollars and cents: installments are not always whole dollars (the last absorbs rounding). */
  amount: number;
  paidAmount: number;
  state: InstallmentState;
};

export type LoanScheduleDto = {
  loan: ClientLoanDto;
  items: ScheduleItemDto[];
};

/** A loan charted in the client area: paid against remaining, the next payments, the balance over time. */
export type LoanProgressDto = {
  loanId: string;
  totalRepayment: number;
  paid: number;
  remaining: number;
  paidPercent: number;
  nextPayments: { seq: number; dueDate: string; amount: number; isLate: boolean }[];
  /** At funding, each due date and today: the balance as scheduled, and as paid (null after today). */
  balanceHistory: { date: string; scheduledBalance: number; actualBalance: number | null; isToday: boolean }[];
};

export type AcceptFundingDto = { success: true; message: string; loan: ClientLoanDto };

export type RefinanceRequestDto = {
  id: string;
  loanId: string | null;
  requestedAmount: number | null;
  reason: string;
  status: 'open' | 'in_review' | 'closed';
  createdAt: Date;
};

export type MilestoneProgressDto = {
  /** The progress record's id (what `claim` takes); null while the client has made no progress. */
  id: string | null;
  milestoneId: string;
  milestone: {
    name: string;
    description: string;
    category: MilestoneCategory;
    rewardType: RewardType;
    rewardValue: number;
  };
  currentProgress: number;
  targetValue: number;
  isCompleted: boolean;
  rewardClaimed: boolean;
  completedAt: Date | null;
};

export const REWARD_STATES = ['available', 'used', 'expired'] as const;
export type RewardState = (typeof REWARD_STATES)[number];

export type RewardDto = {
  id: string;
  milestoneName: string;
  rewardType: RewardType;
  rewardValue: number;
  isUsed: boolean;
  earnedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /** Decided by the server clock: available (not used, not expired), used, or expired. */
  state: RewardState;
};

export type RewardsStatsDto = {
  totalPointsEarned: number;
  completedMilestones: number;
  totalMilestones: number;
  completionPercentage: number;
  availableRewards: number;
  /** Completed milestones whose reward is not claimed yet: claimed, each becomes an available reward. */
  readyToClaim: number;
  level: number;
};

export type RewardsDashboardDto = {
  stats: RewardsStatsDto;
  milestoneProgress: MilestoneProgressDto[];
  rewards: RewardDto[];
};
