// The known truth behind the statement corpus: a continuous ledger cut into statement cycles that need not start
// on the 1st (many banks close on the 15th or the 23rd), so statements cross month and year ends. Everything a
// reader must reproduce (transactions, true revenue per calendar month, financing positions) is computed here from
// the ledger alone, never from the reader's output.
import { buildLedger, mulberry32, type LedgerCategory, type LedgerEntry, type LedgerNoise } from './ledger';

export type CorpusPeriod = {
  start: string;
  end: string;
  openingBalanceCents: number;
  closingBalanceCents: number;
  entries: LedgerEntry[];
};

export type CorpusLedger = {
  bankName: string;
  businessName: string;
  accountLast4: string;
  periods: CorpusPeriod[];
  /** Periods simulated but not shown (a gap in what the applicant uploaded). */
  gaps: Array<{ start: string; end: string }>;
  dailyPositionCents: number | null;
  weeklyPositionCents: number | null;
};

export type CorpusLedgerOptions = {
  seed: number;
  /** 'YYYY-MM' of the first cycle's start. */
  firstMonth: string;
  cycles: number;
  /** Day of the month each statement cycle starts on (1 = calendar months). */
  cycleDay: number;
  revenuePerMonthCents: number;
  depositsPerMonth: number;
  debitsPerMonth: number;
  openingBalanceCents: number;
  noise: LedgerNoise;
  /** Index of a cycle left out (a gap), or null. */
  dropCycle: number | null;
};

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + monthNumber - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function buildCorpusLedger(options: CorpusLedgerOptions): CorpusLedger {
  // One extra calendar month so cycles that start mid-month have a full last cycle.
  const months = options.cycles + (options.cycleDay > 1 ? 1 : 0);
  const base = buildLedger({
    seed: options.seed,
    firstMonth: options.firstMonth,
    months,
    revenuePerMonthCents: options.revenuePerMonthCents,
    depositsPerMonth: options.depositsPerMonth,
    debitsPerMonth: options.debitsPerMonth,
    openingBalanceCents: options.openingBalanceCents,
    noise: options.noise,
    // Its own random stream, so the rest of the ledger stays as it was.
    cardSubscription: mulberry32(options.seed + 977)() < 0.4,
  });
  const entries = base.periods.flatMap((period) => period.entries);
  let balance = base.periods[0]?.openingBalanceCents ?? 0;
  const all: CorpusPeriod[] = [];
  for (let cycle = 0; cycle < options.cycles; cycle += 1) {
    const start = `${addMonths(options.firstMonth, cycle)}-${String(options.cycleDay).padStart(2, '0')}`;
    const end = addDays(`${addMonths(options.firstMonth, cycle + 1)}-${String(options.cycleDay).padStart(2, '0')}`, -1);
    const inCycle = entries.filter((entry) => entry.date >= start && entry.date <= end);
    // The opening balance is whatever the account held before the cycle's first day.
    const before = entries.filter((entry) => entry.date < start).at(-1);
    const opening = before ? before.balanceAfterCents : balance;
    const closing = inCycle.at(-1)?.balanceAfterCents ?? opening;
    all.push({ start, end, openingBalanceCents: opening, closingBalanceCents: closing, entries: inCycle });
    balance = closing;
  }
  const rand = mulberry32(options.seed ^ 0x5bd1e995);
  const periods = all.filter((_, index) => index !== options.dropCycle);
  const gaps = all.filter((_, index) => index === options.dropCycle).map(({ start, end }) => ({ start, end }));
  return {
    bankName: pickBank(rand),
    businessName: base.businessName,
    accountLast4: String(1000 + Math.floor(rand() * 9000)),
    periods,
    gaps,
    dailyPositionCents: options.noise.dailyPosition ? 389_00 : null,
    weeklyPositionCents: options.noise.weeklyPosition ? 1_150_00 : null,
  };
}

const BANKS = [
  'Prairie National Bank',
  'Cedar Valley Bank & Trust',
  'Lakeshore Federal Credit Union',
  'Summit Commerce Bank',
  'Ironwood Savings Bank',
  'Bluewater Community Bank',
  'Heartland Savings and Trust',
  'Riverbend Savings, FSB',
];

function pickBank(rand: () => number): string {
  return BANKS[Math.floor(rand() * BANKS.length)] ?? 'Prairie National Bank';
}

const REVENUE: ReadonlySet<LedgerCategory> = new Set(['revenue']);

export type ExpectedCorpusMonth = { month: string; coveredDays: number; trueRevenueCents: number };

/** True revenue of every calendar month a shown statement touches, counting only the days shown. */
export function expectedCorpusMonths(ledger: CorpusLedger): ExpectedCorpusMonth[] {
  const covered = new Set<string>();
  for (const period of ledger.periods) {
    for (let day = period.start; day <= period.end; day = addDays(day, 1)) covered.add(day);
  }
  const months = new Map<string, ExpectedCorpusMonth>();
  for (const day of [...covered].sort()) {
    const key = day.slice(0, 7);
    const month = months.get(key) ?? { month: key, coveredDays: 0, trueRevenueCents: 0 };
    month.coveredDays += 1;
    months.set(key, month);
  }
  for (const period of ledger.periods) {
    for (const entry of period.entries) {
      if (!REVENUE.has(entry.category)) continue;
      const month = months.get(entry.date.slice(0, 7));
      if (month) month.trueRevenueCents += entry.amountCents;
    }
  }
  return [...months.values()];
}

/** Every transaction shown, oldest first. */
export function shownEntries(ledger: CorpusLedger): LedgerEntry[] {
  return ledger.periods.flatMap((period) => period.entries);
}
