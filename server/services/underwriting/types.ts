// Shapes passed between the reader (worker thread), insights and decision. All money is integer cents.

/** What the applicant typed on the application form. */
export type StatedAnswers = {
  loanAmount: number; // dollars requested, 10,000..5,000,000
  estimatedCreditScore: number; // 500|550|600|650|700|750 (band value)
  monthlyRevenue: string; // one of the form's revenue bands, e.g. '$50,000 - $100,000'
  timeInBusiness: string; // '1-2 years' | '2-5 years' | '5-10 years' | '10+ years'
  businessStartDate: string; // 'YYYY-MM-DD'
  businessType: string;
  /** The business's legal name: its own transfers name it (the form asks for no DBA). */
  businessName?: string;
  /** The owner's name: money the owner puts in is not a sale. */
  ownerName?: string;
};

/** One positioned piece of text from a PDF page, in PDF user space (origin bottom-left, y grows upwards). */
/** `font`: the font's name where the PDF gives it (pdf.js's), to tell a footer's text from a row's. */
export type TextItem = { str: string; x: number; y: number; width: number; fontSize: number; font?: string };
/** One page's text; `pageNumber` is 1-based (defaults to the position in the list). */
export type PageText = { pageNumber?: number; items: TextItem[] };

export type Direction = 'credit' | 'debit';

export type StatementLayout = 'signed-amount' | 'debit-credit-columns' | 'sections' | 'mixed';

/** What decided a row's direction: the printed running balance, a sign or marker, its column, its section, a type word. */
export type DirectionSource = 'balance' | 'sign' | 'column' | 'section' | 'type';

export type ParsedTransaction = {
  date: string;
  /** The description column's words, wrapped lines joined (no reference, date, type word or neighbouring column). */
  description: string;
  /** What a text column beside the description prints about the entry ("LOAN PMT", "ACH DEBIT"), when there is one. */
  entryType?: string;
  amountCents: number;
  direction: Direction;
  /** Running balance when the statement prints one on this row. */
  balanceCents: number | null;
  page: number;
  directionSource?: DirectionSource;
  /** What the layout said before the running balance was consulted (signs, columns, sections). */
  layoutSource?: DirectionSource;
  /** The layout said one direction, the printed running balance the other; the balance was followed. */
  correctedByBalance?: boolean;
};

export type BalanceCheck = {
  /** reconciled: opening + credits - debits = closing; mismatch: it does not; unverifiable: balances not printed. */
  status: 'reconciled' | 'mismatch' | 'unverifiable';
  expectedClosingCents: number | null;
  differenceCents: number | null;
  /** Rows whose printed running balance disagrees with the previous balance plus the row amount. */
  runningBalanceBreaks: number;
  /** Rows whose direction the printed running balance corrected. */
  correctedRows?: number;
  /** Running balances printed on rows (and checked). */
  printedBalances?: number;
  note: string | null;
};

/** One statement period inside a file (a file may hold several monthly statements back to back). */
export type ParsedSegment = {
  periodStart: string;
  periodEnd: string;
  openingBalanceCents: number | null;
  closingBalanceCents: number | null;
  transactions: ParsedTransaction[];
  balanceCheck: BalanceCheck;
  /** How the statement listed its rows (transactions are always returned oldest first). */
  order?: 'oldest-first' | 'newest-first';
  /** The account the period belongs to, when the statement prints its number (several accounts in one file). */
  account?: StatementAccount;
};

/** An account's printed number (last four digits) and kind; a savings account's credits are not sales. */
export type StatementAccount = { last4: string | null; kind: 'checking' | 'savings' | null };

export type ParsedStatement = {
  pageCount: number;
  layout: StatementLayout;
  segments: ParsedSegment[];
  warnings: string[];
  /** The account holder's names as printed in the statement's header (upper case), e.g. the business's name. */
  holderNames: string[];
};

/** `no-text-layer`: the file is a scan or photo; OCR may read it after the answer (ocr-engine.ts). */
export type UnreadableCode = 'no-text-layer';

export type ParseResult =
  { ok: true; statement: ParsedStatement } | { ok: false; reason: string; code?: UnreadableCode };

export type ReadResult = ParseResult;
