import fc from 'fast-check';
/** Month names as statements print them (the generators shorten them to three letters where a layout does). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
// Synthetic bank ledgers with known truth for the underwriting tests and benchmark. Every name here is invented;
// nothing resembles a real person's account.

export type LedgerCategory =
  | 'revenue'
  | 'own-transfer-in'
  | 'loan-proceeds'
  | 'refund'
  | 'expense'
  | 'payroll'
  | 'rent'
  | 'own-transfer-out'
  | 'nsf-fee'
  | 'daily-position'
  | 'weekly-position'
  | 'interest';

export type LedgerEntry = {
  date: string;
  description: string;
  amountCents: number;
  direction: 'credit' | 'debit';
  category: LedgerCategory;
  balanceAfterCents: number;
};

export type LedgerPeriod = {
  start: string;
  end: string;
  openingBalanceCents: number;
  closingBalanceCents: number;
  entries: LedgerEntry[];
};

export type Ledger = {
  bankName: string;
  businessName: string;
  accountLast4: string;
  /** The periods a statement shows; months in `missingMonths` were simulated but left out. */
  periods: LedgerPeriod[];
  missingMonths: string[];
};

export type LedgerNoise = {
  transfers: boolean;
  loanProceeds: boolean;
  refunds: boolean;
  nsfFees: boolean;
  dailyPosition: boolean;
  weeklyPosition: boolean;
  negativeDays: boolean;
};

/** Property tests draw each kind of noise on or off. */
export const ledgerNoiseArbitrary: fc.Arbitrary<LedgerNoise> = fc.record({
  transfers: fc.boolean(),
  loanProceeds: fc.boolean(),
  refunds: fc.boolean(),
  nsfFees: fc.boolean(),
  dailyPosition: fc.boolean(),
  weeklyPosition: fc.boolean(),
  negativeDays: fc.boolean(),
});

export type LedgerOptions = {
  seed: number;
  /** 'YYYY-MM' */
  firstMonth: string;
  months: number;
  businessName?: string;
  openingBalanceCents?: number;
  /** Target true revenue of the first month. */
  revenuePerMonthCents?: number;
  /** Revenue deposits per month. */
  depositsPerMonth?: number;
  /** Ordinary expense debits per month (payroll, rent and noise come on top). */
  debitsPerMonth?: number;
  /** Monthly revenue growth, e.g. 0.1 for +10% a month. */
  growthPerMonth?: number;
  noise?: Partial<LedgerNoise>;
  missingMonths?: string[];
  /** Daily financing debit amount when noise.dailyPosition is on. */
  dailyPositionCents?: number;
  /** Weekly financing debit amount when noise.weeklyPosition is on. */
  weeklyPositionCents?: number;
  /** A subscription paid by card every Monday at one amount: a same-amount debit that is never financing. */
  cardSubscription?: boolean;
};

export const NO_NOISE: LedgerNoise = {
  transfers: false,
  loanProceeds: false,
  refunds: false,
  nsfFees: false,
  dailyPosition: false,
  weeklyPosition: false,
  negativeDays: false,
};

export const ALL_NOISE: LedgerNoise = {
  transfers: true,
  loanProceeds: true,
  refunds: true,
  nsfFees: true,
  dailyPosition: true,
  weeklyPosition: false,
  negativeDays: true,
};

const BUSINESS_NAMES = [
  'Bluebird Bakery LLC',
  'Copperleaf Landscaping Inc',
  'Harborview Auto Repair LLC',
  'Tallgrass Print Studio',
  'Northfield Family Dental PC',
];

const REVENUE_SOURCES: Array<(rand: () => number) => string> = [
  (r) => `SQUARE INC DEPOSIT ${digits(r, 6)}`,
  (r) => `STRIPE TRANSFER ST-${letters(r, 4)}${digits(r, 4)}`,
  (r) => `MOBILE DEPOSIT REF ${digits(r, 5)}`,
  (r) => `CARD SETTLEMENT MID ${digits(r, 8)}`,
  () => 'ZELLE FROM HARBOR LANE CAFE',
  (r) => `SHOPIFY PAYOUT ${digits(r, 7)}`,
  () => 'ACH CREDIT BRIGHTWATER DENTAL GROUP INVOICE PAYMENT',
  () => 'COUNTER DEPOSIT',
];

const EXPENSES: Array<(rand: () => number) => string> = [
  (r) => `CARD PURCHASE OFFICE DEPOT #${digits(r, 4)}`,
  (r) => `CARD PURCHASE SHELL OIL ${digits(r, 5)}`,
  () => 'ACH DEBIT CITY OF SPRINGFIELD UTILITIES',
  (r) => `CHECK ${1000 + Math.floor(r() * 900)}`,
  () => 'ACH DEBIT HARTWELL MUTUAL INSURANCE PREMIUM',
  (r) => `ACH DEBIT MERIDIAN WHOLESALE RESTAURANT SUPPLY COMPANY INV ${digits(r, 6)}`,
  (r) => `CARD PURCHASE HOME DEPOT ${digits(r, 4)}`,
  () => 'ACH DEBIT SUMMITNET BUSINESS INTERNET',
  (r) => `WIRE OUT LAKESIDE PACKAGING CO REF ${digits(r, 6)}`,
];

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function digits(rand: () => number, count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) out += String(Math.floor(rand() * 10));
  return out;
}

function letters(rand: () => number, count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) out += String.fromCharCode(65 + Math.floor(rand() * 26));
  return out;
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

type Draft = Omit<LedgerEntry, 'balanceAfterCents'>;

/** Builds a deterministic ledger: the same options always give the same entries. */
export function buildLedger(options: LedgerOptions): Ledger {
  const rand = mulberry32(options.seed);
  const noise = { ...NO_NOISE, ...options.noise };
  const depositsPerMonth = options.depositsPerMonth ?? 30;
  const debitsPerMonth = options.debitsPerMonth ?? 30;
  const baseRevenue = options.revenuePerMonthCents ?? 60_000_00;
  const growth = options.growthPerMonth ?? 0;
  const missing = new Set(options.missingMonths ?? []);
  const dailyPositionCents = options.dailyPositionCents ?? 389_00;
  const weeklyPositionCents = options.weeklyPositionCents ?? 1_150_00;
  const [firstYear, firstMonth] = options.firstMonth.split('-').map(Number) as [number, number];

  let balance = options.openingBalanceCents ?? 18_500_00;
  const periods: LedgerPeriod[] = [];
  const missingMonths: string[] = [];

  for (let offset = 0; offset < options.months; offset += 1) {
    const year = firstYear + Math.floor((firstMonth - 1 + offset) / 12);
    const month = ((firstMonth - 1 + offset) % 12) + 1;
    const monthKey = `${year}-${String(month).padStart(2, '0')}`;
    const lastDay = daysIn(year, month);
    const businessDays: number[] = [];
    for (let day = 1; day <= lastDay; day += 1) {
      const wd = weekday(year, month, day);
      if (wd !== 0 && wd !== 6) businessDays.push(day);
    }
    const monthRevenue = Math.round(baseRevenue * (1 + growth) ** offset);
    const drafts: Draft[] = [];
    const add = (
      day: number,
      description: string,
      amountCents: number,
      direction: Draft['direction'],
      category: LedgerCategory,
    ) => drafts.push({ date: isoDay(year, month, day), description, amountCents, direction, category });

    // Revenue: amounts vary around the mean but sum exactly to the month's target.
    const weights = Array.from({ length: depositsPerMonth }, () => 0.4 + rand() * 1.2);
    const weightSum = weights.reduce((sum, w) => sum + w, 0);
    let allocated = 0;
    weights.forEach((weight, index) => {
      const amount =
        index === weights.length - 1
          ? monthRevenue - allocated
          : Math.max(1, Math.round((monthRevenue * weight) / weightSum));
      allocated += amount;
      add(pick(rand, businessDays), pick(rand, REVENUE_SOURCES)(rand), amount, 'credit', 'revenue');
    });

    add(businessDays[0] ?? 1, 'ACH DEBIT OAKWOOD PROPERTY MGMT RENT', 4_200_00, 'debit', 'rent');
    for (const day of businessDays) {
      if (weekday(year, month, day) === 5) {
        add(
          day,
          `GUSTO PAYROLL ${digits(rand, 6)}`,
          Math.round((monthRevenue * (0.07 + rand() * 0.02)) / 1),
          'debit',
          'payroll',
        );
      }
    }
    for (let index = 0; index < debitsPerMonth; index += 1) {
      const amount = 15_00 + Math.floor(rand() * (monthRevenue / 40));
      add(pick(rand, businessDays), pick(rand, EXPENSES)(rand), amount, 'debit', 'expense');
    }

    if (noise.transfers) {
      add(pick(rand, businessDays), 'ONLINE TRANSFER FROM SAV ...4821', 5_000_00, 'credit', 'own-transfer-in');
      add(pick(rand, businessDays), 'ONLINE TRANSFER TO SAV ...4821', 3_000_00, 'debit', 'own-transfer-out');
    }
    if (noise.loanProceeds && offset === 0) {
      add(businessDays[2] ?? 3, 'LOAN PROCEEDS SUMMIT RIDGE LENDING', 25_000_00, 'credit', 'loan-proceeds');
    }
    if (noise.refunds) {
      add(
        pick(rand, businessDays),
        `REFUND OFFICE DEPOT #${digits(rand, 4)}`,
        84_16 + Math.floor(rand() * 5_000),
        'credit',
        'refund',
      );
      add(pick(rand, businessDays), 'CARD PURCHASE REVERSAL HOME DEPOT', 212_40, 'credit', 'refund');
    }
    if (noise.nsfFees && offset % 2 === 1) {
      add(businessDays[5] ?? 6, 'NSF FEE RETURNED ITEM', 35_00, 'debit', 'nsf-fee');
      add(businessDays[6] ?? 7, 'OVERDRAFT FEE', 34_00, 'debit', 'nsf-fee');
    }
    if (noise.dailyPosition) {
      for (const day of businessDays)
        add(day, `PINECREST ADVANCE ACH DEBIT ${digits(rand, 7)}`, dailyPositionCents, 'debit', 'daily-position');
    }
    if (options.cardSubscription) {
      for (const day of businessDays)
        if (weekday(year, month, day) === 1) add(day, 'CARD PURCHASE CLOUDPEAK SOFTWARE', 59_99, 'debit', 'expense');
    }
    if (noise.weeklyPosition) {
      for (const day of businessDays) {
        if (weekday(year, month, day) === 2)
          add(day, 'NORTHGATE FUNDING WKLY PMT', weeklyPositionCents, 'debit', 'weekly-position');
      }
    }

    // Stable order within a day (credits first, then by description) so balances are reproducible.
    drafts.sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.direction === b.direction ? 0 : a.direction === 'credit' ? -1 : 1) ||
        a.description.localeCompare(b.description) ||
        a.amountCents - b.amountCents,
    );

    if (noise.negativeDays && offset === Math.min(1, options.months - 1)) {
      // Push the account below zero mid-month: a large wire that only later deposits cover.
      const day = businessDays[Math.floor(businessDays.length / 2)] ?? 15;
      const date = isoDay(year, month, day);
      const before = balance + drafts.filter((d) => d.date <= date).reduce((sum, d) => sum + signed(d), 0);
      const amount = Math.max(1_000_00, before + 2_500_00);
      const index = drafts.findIndex((d) => d.date > date);
      const wire: Draft = {
        date,
        description: 'WIRE OUT GRANITE EQUIPMENT LEASING',
        amountCents: amount,
        direction: 'debit',
        category: 'expense',
      };
      drafts.splice(index < 0 ? drafts.length : index, 0, wire);
    }

    const opening = balance;
    const entries = drafts.map((draft) => {
      balance += signed(draft);
      return { ...draft, balanceAfterCents: balance };
    });
    const period = {
      start: isoDay(year, month, 1),
      end: isoDay(year, month, lastDay),
      openingBalanceCents: opening,
      closingBalanceCents: balance,
      entries,
    };
    if (missing.has(monthKey)) missingMonths.push(monthKey);
    else periods.push(period);
  }

  return {
    bankName: 'First Prairie Commercial Bank',
    businessName: options.businessName ?? pick(rand, BUSINESS_NAMES),
    accountLast4: digits(rand, 4),
    periods,
    missingMonths,
  };
}

export function signed(entry: { amountCents: number; direction: 'credit' | 'debit' }): number {
  return entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
}

export type ExpectedMonth = {
  month: string;
  creditsCents: number;
  debitsCents: number;
  trueRevenueCents: number;
  revenueDepositCount: number;
  transfersInCents: number;
  loanProceedsCents: number;
  refundsCents: number;
  nsfEvents: number;
  negativeBalanceDays: number;
  averageDailyBalanceCents: number;
  endingBalanceCents: number;
  largestDepositCents: number;
};

/** The truth the reader and insights must reproduce, per calendar month of the statements shown. */
export function expectedMonths(ledger: Ledger): ExpectedMonth[] {
  return ledger.periods.map((period) => {
    const sum = (filter: (entry: LedgerEntry) => boolean) =>
      period.entries.filter(filter).reduce((total, entry) => total + entry.amountCents, 0);
    const [year, month] = period.start.split('-').map(Number) as [number, number];
    let balance = period.openingBalanceCents;
    let negativeDays = 0;
    let balanceSum = 0;
    const days = daysIn(year, month);
    for (let day = 1; day <= days; day += 1) {
      const date = isoDay(year, month, day);
      for (const entry of period.entries) if (entry.date === date) balance = entry.balanceAfterCents;
      if (balance < 0) negativeDays += 1;
      balanceSum += balance;
    }
    const revenue = period.entries.filter((entry) => entry.category === 'revenue');
    return {
      month: period.start.slice(0, 7),
      creditsCents: sum((entry) => entry.direction === 'credit'),
      debitsCents: sum((entry) => entry.direction === 'debit'),
      trueRevenueCents: sum((entry) => entry.category === 'revenue'),
      revenueDepositCount: revenue.length,
      transfersInCents: sum((entry) => entry.category === 'own-transfer-in'),
      loanProceedsCents: sum((entry) => entry.category === 'loan-proceeds'),
      refundsCents: sum((entry) => entry.category === 'refund'),
      nsfEvents: period.entries.filter((entry) => entry.category === 'nsf-fee').length,
      negativeBalanceDays: negativeDays,
      averageDailyBalanceCents: Math.round(balanceSum / days),
      endingBalanceCents: balance,
      largestDepositCents: Math.max(0, ...revenue.map((entry) => entry.amountCents)),
    };
  });
}
