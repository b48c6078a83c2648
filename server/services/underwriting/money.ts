// Statement amounts are parsed from text straight into integer cents: no float ever touches money.

export type ParsedMoney = { cents: number; isNegative: boolean; hasSign: boolean };

// 1,234.56 | 1 234.56 | 1234.56 | $1,234.56 | -1,234.56 | (1,234.56) | 1,234.56- | 1,234.56+ | 1,234.56 CR | -$1,234.56 | $-1.00 | .50
// | 1,234.56 OD (an overdrawn balance) (run on the text with every minus-like dash made a hyphen, and without the
// currency code: see MINUS_LIKE and CURRENCY_CODE)
const MONEY_PATTERN =
  /^(?<lead>[-+]?)\s*(?<open>\()?\s*(?<lead2>-?)\s*\$?\s*(?<lead3>-?)\s*(?<int>\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)?\.(?<frac>\d{2})\s*(?<close>\))?\s*(?<trail>[-+])?\s*(?<suffix>CR|DR|OD)?$/i;

/** The currency code some statements print before or after each amount ("-45.00 USD", "USD 45.00"). */
const CURRENCY_CODE = /^USD\s*|\s*USD$/i;

/**
 * What a statement may print in a cell of its own right beside an amount: a credit, debit or overdrawn marker, or
 * the currency code.
 */
export const AMOUNT_MARKER = /^(?:CR|DR|OD|USD)$/i;

/** Minus signs as statements print them: the minus sign, and the en and em dashes typesetting puts in its place. */
const MINUS_LIKE = /[\u2212\u2013\u2014\u2012\ufe63\uff0d]/g;

/**
 * Parses one money token such as `(1,234.56)`, `1,234.56-`, `-$12.00`, `45.00 CR`, `1,234.56 OD` or `-45.00 USD`; null
 * if it is not money.
 */
export function parseMoney(raw: string): ParsedMoney | null {
  const trimmed = raw.trim();
  if (trimmed.length > 28) return null;
  // A summary's result may be printed after an equals sign ("= $33,686.06").
  const text = trimmed.replace(MINUS_LIKE, '-').replace(CURRENCY_CODE, '').replace(/^=\s*/, '');
  if (text.length === 0 || text.length > 24) return null;
  const match = MONEY_PATTERN.exec(text);
  const groups = match?.groups;
  if (!groups) return null;
  if (Boolean(groups.open) !== Boolean(groups.close)) return null;
  const intDigits = (groups.int ?? '0').replace(/[, \u00a0\u202f]/g, '');
  const cents = Number(intDigits) * 100 + Number(groups.frac);
  if (!Number.isSafeInteger(cents)) return null;
  const suffix = groups.suffix?.toUpperCase();
  const minusMarks = [groups.lead, groups.lead2, groups.lead3, groups.trail].filter((mark) => mark === '-').length;
  const isNegative = minusMarks > 0 || Boolean(groups.open) || suffix === 'DR' || suffix === 'OD';
  const hasSign = isNegative || groups.lead === '+' || groups.trail === '+' || suffix === 'CR';
  return { cents, isNegative, hasSign };
}

/** True when the token is a money amount (used to keep amounts in their own cells). */
export function isMoneyToken(raw: string): boolean {
  return parseMoney(raw) !== null;
}

/** Whole dollars for the applicant-facing result; half a dollar and up rounds away from zero. */
export function centsToDollars(cents: number): number {
  return cents < 0 ? -Math.round(-cents / 100) : Math.round(cents / 100);
}

/** `$12,345.67` (or `-$12.00`) for reasoning lines staff read. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = groupThousands(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** `$12,346` for amounts where cents would be noise. */
export function formatWholeDollars(cents: number): string {
  const dollars = centsToDollars(cents);
  return `${dollars < 0 ? '-' : ''}$${groupThousands(Math.abs(dollars))}`;
}

function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
