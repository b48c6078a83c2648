// Calendar days as ISO strings (YYYY-MM-DD) and UTC day numbers: statements have no time zone, and local time
// would make the same file read differently on another server.

const MS_PER_DAY = 86_400_000;

const FULL_MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export function toDayNumber(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / MS_PER_DAY);
}

export function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function monthKeyOf(iso: string): string {
  return iso.slice(0, 7);
}

/** Calendar months from `month` ('YYYY-MM') to `last`, inclusive. */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** Whole months from `from` to `to` (both ISO days), counting a month only once its day is reached. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

export function monthIndexOf(name: string): number | null {
  const index = MONTH_NAMES.indexOf(name.slice(0, 3).toLowerCase());
  if (index < 0) return null;
  // Reject words that merely start like a month ("Marketing", "Decor").
  const full = name.toLowerCase().replace(/\.$/, '');
  const valid = [MONTH_NAMES[index], FULL_MONTH_NAMES[index], index === 8 ? 'sept' : ''];
  return valid.includes(full) ? index + 1 : null;
}

function expandYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

const MONTH_WORD = '([A-Za-z]{3,9}\\.?)';
const FULL_DATE_PATTERNS: Array<{ pattern: RegExp; read: (m: RegExpExecArray) => string | null }> = [
  {
    // Year first: "2026-05-01", and as some banks print it, "2026/05/01" or "2026.05.01" (one separator throughout).
    pattern: /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/,
    read: (m) => isoDate(Number(m[1]), Number(m[3]), Number(m[4])),
  },
  {
    pattern: /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/,
    read: (m) => isoDate(expandYear(m[3] ?? ''), Number(m[1]), Number(m[2])),
  },
  {
    pattern: new RegExp(`^${MONTH_WORD}\\s+(\\d{1,2}),?\\s+(\\d{4})`),
    read: (m) => {
      const month = monthIndexOf(m[1] ?? '');
      return month ? isoDate(Number(m[3]), month, Number(m[2])) : null;
    },
  },
  {
    // Mainframe prints run them together: "03AUG26", "03AUG2026".
    pattern: /^(\d{1,2})([A-Za-z]{3,4})(\d{4}|\d{2})(?![\dA-Za-z])/,
    read: (m) => {
      const month = monthIndexOf(m[2] ?? '');
      return month ? isoDate(expandYear(m[3] ?? ''), month, Number(m[1])) : null;
    },
  },
  {
    pattern: new RegExp(`^(\\d{1,2})[\\s-]+${MONTH_WORD}[\\s-]+(\\d{4})`),
    read: (m) => {
      const month = monthIndexOf(m[2] ?? '');
      return month ? isoDate(Number(m[3]), month, Number(m[1])) : null;
    },
  },
  {
    // "01-May-26": a two-digit year only between hyphens, so "05 MAY 24 HOUR FITNESS" keeps its yearless date.
    pattern: /^(\d{1,2})-([A-Za-z]{3,9})-(\d{2})(?![\dA-Za-z])/,
    read: (m) => {
      const month = monthIndexOf(m[2] ?? '');
      return month ? isoDate(expandYear(m[3] ?? ''), month, Number(m[1])) : null;
    },
  },
];

/** Reads a complete date (with year) at the start of `text`; returns the ISO day and how many characters it used. */
export function readFullDate(text: string): { iso: string; length: number } | null {
  for (const { pattern, read } of FULL_DATE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const iso = read(match);
    if (iso) return { iso, length: match[0].length };
  }
  return null;
}

/** All complete dates in a line of text, in order. */
export function findFullDates(text: string): string[] {
  const found: string[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const previous = text[index - 1];
    if (previous !== undefined && /[A-Za-z0-9]/.test(previous)) continue;
    const date = readFullDate(text.slice(index));
    if (!date) continue;
    found.push(date.iso);
    index += date.length - 1;
  }
  return found;
}

export type RowDate = { month: number; day: number; year: number | null };

const WEEKDAY_NAMES = [
  ['sun', 'sunday'],
  ['mon', 'monday'],
  ['tue', 'tues', 'tuesday'],
  ['wed', 'weds', 'wednesday'],
  ['thu', 'thur', 'thurs', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
];

/** The weekday a word names ("Mon", "TUES.", "Wednesday,"): 0 = Sunday ... 6 = Saturday, or null. */
export function weekdayIndexOf(word: string): number | null {
  const name = word.toLowerCase().replace(/[.,]+$/, '');
  const index = WEEKDAY_NAMES.findIndex((names) => names.includes(name));
  return index < 0 ? null : index;
}

/**
 * Forms a date cell takes only where the caller knows more than the text. `compact`: eight digits ("20260501"), on a
 * line that prints an amount; alone on a line they are more often a reference wrapped from the description above.
 */
export type RowDateForms = { compact?: boolean };

/**
 * A transaction row's date cell: `01/05`, `1-5`, `01/05/24`, `Jan 05`, `05 Jan`, `05-JAN`, `2024-01-05`, `2024/01/05`,
 * `Jan 5, 2024`, `05-Jan-24` (and `20240105` in `forms`), with
 * the weekday some statements print before or after it (`Mon 01/05`, `01/05 Mon`, `Monday, Jan 5`). A weekday beside
 * a date that prints its year must be that date's.
 */
export function parseRowDate(raw: string, forms: RowDateForms = {}): RowDate | null {
  const text = raw.trim();
  const plain = parseBareRowDate(text, forms);
  if (plain) return plain;
  const space = text.indexOf(' ');
  const lastSpace = text.lastIndexOf(' ');
  if (space < 0) return null;
  const before = weekdayIndexOf(text.slice(0, space));
  const after = weekdayIndexOf(text.slice(lastSpace + 1));
  const weekday = before ?? after;
  if (weekday === null) return null;
  const bare = before !== null ? text.slice(space + 1) : text.slice(0, lastSpace).replace(/,$/, '');
  const date = parseBareRowDate(bare, forms);
  if (!date || date.year === null) return date;
  const named = weekdayOf(Math.round(Date.UTC(date.year, date.month - 1, date.day) / MS_PER_DAY));
  return named === weekday ? date : null;
}

function parseBareRowDate(raw: string, forms: RowDateForms): RowDate | null {
  const text = raw.trim();
  const full = readFullDate(text);
  if (full && full.length === text.length) {
    const [year, month, day] = full.iso.split('-').map(Number) as [number, number, number];
    return { year, month, day };
  }
  let match = /^(\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (match) return partialDate(Number(match[1]), Number(match[2]));
  match = new RegExp(`^${MONTH_WORD}\\s*(\\d{1,2})$`).exec(text);
  if (match) {
    const month = monthIndexOf(match[1] ?? '');
    return month ? partialDate(month, Number(match[2])) : null;
  }
  match = new RegExp(`^(\\d{1,2})(?:\\s*|-)${MONTH_WORD}$`).exec(text);
  if (match) {
    const month = monthIndexOf(match[2] ?? '');
    return month ? partialDate(month, Number(match[1])) : null;
  }
  return forms.compact ? readCompactDate(text) : null;
}

const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * "20260501" (year, month, day run together), read only as a whole date cell and where the caller asks for it:
 * eight digits inside a text are more often a reference or trace number than a date, so mentions never read it. It
 * must be a day of the calendar in a year a statement can print (1990-2100).
 */
function readCompactDate(text: string): RowDate | null {
  const match = COMPACT_DATE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1990 || year > 2100 || !isoDate(year, Number(match[2]), Number(match[3]))) return null;
  return { year, month: Number(match[2]), day: Number(match[3]) };
}

export type MonthHeading = { year: number; month: number };

/** A month and year printed alone as a heading over rows that print only their day ("MAY 2026", "May, 2026"). */
export function readMonthHeading(text: string): MonthHeading | null {
  const match = /^([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(text.trim());
  const month = match ? monthIndexOf(match[1] ?? '') : null;
  const year = Number(match?.[2]);
  return month && isoDate(year, month, 1) ? { year, month } : null;
}

/** A row's date cell printing only the day ("19", "05") under a month heading: that day of the heading's month. */
export function dayUnderHeading(text: string, heading: MonthHeading): RowDate | null {
  const match = /^(\d{1,2})$/.exec(text.trim());
  const day = Number(match?.[1]);
  return match && isoDate(heading.year, heading.month, day) ? { ...heading, day } : null;
}

function partialDate(month: number, day: number): RowDate | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { month, day, year: null };
}

/**
 * Gives a yearless row date the year that puts it inside the statement period (statements print `01/05` and state
 * the year once, in the period). A period crossing New Year takes the later year for early months. Dates more than
 * a month outside the period are not trusted (null).
 */
export function rowDateResolver(period: { start: string; end: string } | null): (date: RowDate) => string | null {
  const start = period ? toDayNumber(period.start) : 0;
  const end = period ? toDayNumber(period.end) : 0;
  const startYear = period ? Number(period.start.slice(0, 4)) : 0;
  const endYear = period ? Number(period.end.slice(0, 4)) : 0;
  return (date) => {
    if (date.year !== null) return isoDate(date.year, date.month, date.day);
    if (!period) return null;
    let best: { iso: string; distance: number } | null = null;
    for (let year = startYear - 1; year <= endYear + 1; year += 1) {
      const iso = isoDate(year, date.month, date.day);
      if (!iso) continue;
      const day = Math.round(Date.UTC(year, date.month - 1, date.day) / MS_PER_DAY);
      const distance = day < start ? start - day : day > end ? day - end : 0;
      if (!best || distance < best.distance) best = { iso, distance };
    }
    return best && best.distance <= 31 ? best.iso : null;
  };
}

export function resolveRowDate(date: RowDate, period: { start: string; end: string } | null): string | null {
  return rowDateResolver(period)(date);
}

export type DateMention = { date: RowDate; start: number; end: number };

const MENTION_PATTERNS: Array<{ pattern: RegExp; read: (m: RegExpExecArray) => RowDate | null }> = [
  {
    pattern: /(?<![\w/.-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\w/])/g,
    read: (m) => checked(Number(m[3]), Number(m[4]), Number(m[1])),
  },
  {
    pattern: /(?<![\w/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\w/.-]?\d)/g,
    read: (m) => checked(Number(m[1]), Number(m[2]), expandYear(m[3] ?? '')),
  },
  {
    pattern: /(?<![\w])([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![\w/])/g,
    read: (m) => {
      const month = monthIndexOf(m[1] ?? '');
      return month ? checked(month, Number(m[2]), m[3] ? Number(m[3]) : null) : null;
    },
  },
  {
    pattern: /(?<![\w/])(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?(?:[\s-]+(\d{4}))?(?![\w/])/g,
    read: (m) => {
      const month = monthIndexOf(m[2] ?? '');
      return month ? checked(month, Number(m[1]), m[3] ? Number(m[3]) : null) : null;
    },
  },
  {
    pattern: /(?<![\w/])(\d{1,2})-([A-Za-z]{3,9})-(\d{2})(?![\w/])/g,
    read: (m) => {
      const month = monthIndexOf(m[2] ?? '');
      return month ? checked(month, Number(m[1]), expandYear(m[3] ?? '')) : null;
    },
  },
  {
    // Run together, as mainframe prints write them: "03AUG26", "03AUG2026", "03AUG".
    pattern: /(?<![\w/])(\d{1,2})([A-Za-z]{3,4})(\d{4}|\d{2})?(?![\w/])/g,
    read: (m) => {
      const month = monthIndexOf(m[2] ?? '');
      return month ? checked(month, Number(m[1]), m[3] ? expandYear(m[3]) : null) : null;
    },
  },
  {
    pattern: /(?<![\w/.-])(\d{1,2})\/(\d{1,2})(?![\w/.-]?\d)/g,
    read: (m) => checked(Number(m[1]), Number(m[2]), null),
  },
];

function checked(month: number, day: number, year: number | null): RowDate | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (year !== null && !isoDate(year, month, day)) return null;
  return { month, day, year };
}

/**
 * Eight digits as a date ("20260501"): only where a date is certain to stand, as both ends of a range; inside any
 * other text they are a reference or trace number.
 */
const COMPACT_MENTION = {
  pattern: /(?<![\w/.,])(\d{8})(?![\w/.,])/g,
  read: (m: RegExpExecArray) => readCompactDate(m[1] ?? ''),
};

/** Every date written in `text`, with or without a year, in reading order (overlaps keep the longest). */
export function findDateMentions(text: string): DateMention[] {
  return mentionsOf(text, MENTION_PATTERNS);
}

function mentionsOf(text: string, patterns: typeof MENTION_PATTERNS): DateMention[] {
  const found: DateMention[] = [];
  for (const { pattern, read } of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const date = read(match);
      if (date) found.push({ date, start: match.index, end: match.index + match[0].length });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: DateMention[] = [];
  for (const mention of found) {
    const last = kept.at(-1);
    if (last && mention.start < last.end) continue;
    kept.push(mention);
  }
  return kept;
}

function compact(text: string, mention: DateMention): boolean {
  return mention.end - mention.start === 8 && /^\d{8}$/.test(text.slice(mention.start, mention.end));
}

// What may stand between the two dates of a period: "-", "to", "through", "thru", "until", ", ending".
const RANGE_JOINER = /^\s*(?:-|\u2013|\u2014|to|through|thru|until|till|and|,?\s*ending|,?\s*end(?:ing)? date:?)\s*$/i;

// Two numeric dates joined by a dash with no space ("05/01/26-05/31/26"): a date's own pattern refuses a dash
// against its digits (a reference runs on so), so the dash is spaced out first; the offsets stay comparable.
const DASHED_DATES = /(\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2}))[-\u2013](?=\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})(?!\d))/g;

/** A statement period written in a line ("08/01/26 thru 08/31/26", "Aug 1 - Aug 31, 2026", ...), or null. */
export function findDateRange(line: string): { start: string; end: string } | null {
  const text = line.replace(DASHED_DATES, '$1 - ');
  const mentions = mentionsOf(text, [...MENTION_PATTERNS, COMPACT_MENTION]);
  for (let index = 0; index + 1 < mentions.length; index += 1) {
    const first = mentions[index];
    const second = mentions[index + 1];
    if (!first || !second) continue;
    // Eight digits are a date only beside another date of the same form ("20260501 - 20260531").
    if (compact(text, first) !== compact(text, second)) continue;
    if (!RANGE_JOINER.test(text.slice(first.end, second.start))) continue;
    const endYear = second.date.year ?? first.date.year;
    if (endYear === null) continue;
    const end = isoDate(endYear, second.date.month, second.date.day);
    let startYear = first.date.year ?? endYear;
    if (first.date.year === null && first.date.month * 100 + first.date.day > second.date.month * 100 + second.date.day)
      startYear -= 1;
    const start = isoDate(startYear, first.date.month, first.date.day);
    if (!start || !end || start > end) continue;
    if (toDayNumber(end) - toDayNumber(start) > 400) continue;
    return { start, end };
  }
  return null;
}
