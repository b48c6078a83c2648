// Enumerations both sides use. Literal values are the product's own (docs/product.md).
// The roles live in roles.ts, a module of their own: the public pages' first script reads them (src/lib/current-user.ts)
// without this whole list of enumerations.
export { ROLES, type Role } from './roles';

export const APPLICATION_STATUSES = ['pending', 'review', 'approved', 'declined', 'incomplete', 'funded'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const AI_DECISIONS = ['approved', 'declined', 'review'] as const;
export type AiDecision = (typeof AI_DECISIONS)[number];

/** What a staff note can be written on. */
export const NOTE_SUBJECTS = ['application', 'applicant'] as const;
export type NoteSubject = (typeof NOTE_SUBJECTS)[number];

export const DOCUMENT_KINDS = ['bank_statement', 'drivers_license', 'voided_check'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_PARSE_STATUSES = ['pending', 'parsed', 'unreadable', 'skipped'] as const;

export const LOAN_STATUSES = ['current', 'past_due', 'paid_off', 'defaulted'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const MILESTONE_CATEGORIES = ['payment', 'engagement', 'business_growth', 'loan_completion'] as const;
export type MilestoneCategory = (typeof MILESTONE_CATEGORIES)[number];

export const REWARD_TYPES = ['cash_credit', 'discount', 'badge', 'feature_unlock'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

export const GUARD_STATES = ['NORMAL', 'CHALLENGE', 'MUTED_15MIN', 'MUTED_60MIN', 'PERMANENTLY_MUTED'] as const;
export type GuardState = (typeof GUARD_STATES)[number];

export const REFINANCE_STATUSES = ['open', 'in_review', 'closed'] as const;

export const BUSINESS_TYPES = [
  'Retail',
  'Restaurant',
  'Manufacturing',
  'Professional Services',
  'Healthcare',
  'Technology',
  'Construction',
  'Other',
] as const;
export const TIME_IN_BUSINESS = ['1-2 years', '2-5 years', '5-10 years', '10+ years'] as const;
export const CREDIT_SCORE_OPTIONS = [
  { value: '750', label: 'Excellent (750+)' },
  { value: '700', label: 'Good (700-749)' },
  { value: '650', label: 'Fair (650-699)' },
  { value: '600', label: 'Poor (600-649)' },
  { value: '550', label: 'Bad (550-599)' },
  { value: '500', label: 'Very Bad (Below 550)' },
] as const;
export const MONTHLY_REVENUE_BANDS = [
  '$10,000 - $20,000',
  '$20,000 - $50,000',
  '$50,000 - $100,000',
  '$100,000 - $250,000',
  '$250,000 - $500,000',
  '$500,000+',
] as const;

export const LOAN_AMOUNT_MIN = 10_000;
export const LOAN_AMOUNT_MAX = 5_000_000;
export const MAX_BANK_STATEMENTS = 4;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ADMIN_PAGE_SIZE = 50;
export const BRAND_NAME = 'Summit Funding';
