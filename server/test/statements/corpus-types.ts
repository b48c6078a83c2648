// The corpus's families and the random choices each statement is printed with.
import type { CorpusLedger } from './corpus-ledger';
import type { LedgerEntry, LedgerNoise } from './ledger';

export const FAMILIES = [
  'national-sections',
  'national-columns',
  'national-negative-sections',
  'regional-balance-forward',
  'credit-union',
  'online-printout',
  'treasury',
  'mainframe',
  'landscape',
  'multi-statement',
  'newest-first',
  'no-running-balance',
  'cr-dr',
  'cr-only',
  'trailing-minus',
  'parentheses',
  'plus-minus',
  'headingless',
  'money-in-out',
  'combined-accounts',
  'date-after-description',
  'day-grouped',
  'community-bank',
  'bilingual',
] as const;
export type FamilyName = (typeof FAMILIES)[number];

/** The random choices a statement of a family is printed with (each family uses the ones it can print). */
export type Variation = {
  seed: number;
  dateFormat: number;
  periodFormat: number;
  /** Debit column before credit column (column families), or ref column before description. */
  swapColumns: boolean;
  refColumn: boolean;
  secondDate: boolean;
  headings: 'one-line' | 'two-line' | 'none';
  wrapDescriptions: boolean;
  summary: boolean;
  dailyBalances: 'none' | 'list' | 'grid';
  fontSize: number;
  decorate: boolean;
  /** Pages of check images after the activity, their captions in one of several styles (0: none). */
  checkImages: number;
  /** A "$" printed at the left edge of each amount column, apart from the figure (accounting style). */
  dollarSigns: boolean;
  /** "Continued on next page" printed at the foot of every page a table runs over. */
  continued: boolean;
};

export type CorpusCase = {
  family: FamilyName;
  ledger: CorpusLedger;
  variation: Variation;
  /** One PDF per statement, except families that print several statements or a date range in one file. */
  pdfs: Buffer[];
  /** Activity of the customer's other accounts printed in the same files (a savings account): never revenue. */
  otherAccounts: LedgerEntry[];
  /** The holder's names the statements' address block prints (none on an online printout). */
  holderNames: string[];
};

export type CaseOptions = {
  family: FamilyName;
  seed: number;
  firstMonth: string;
  cycles: number;
  cycleDay: number;
  dropCycle: number | null;
  depositsPerMonth: number;
  debitsPerMonth: number;
  revenuePerMonthCents: number;
  openingBalanceCents: number;
  noise: LedgerNoise;
  variation: Variation;
};
