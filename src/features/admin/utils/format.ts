// Display helpers for the back office (spec §9: USD en-US, ids as their first 8 characters in upper case).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Whole dollars for amounts in lists; null shows a dash. */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : usd.format(value);
}

/** Dollars and cents, for balances and payments. */
export function formatMoneyExact(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : usdCents.format(value);
}

export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A calendar date ('YYYY-MM-DD' or a Date), never shifted by the viewer's time zone. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

/** Spec §4: loan status current, past_due as 'N days past due', other values raw. */
export function loanStatusLabel(status: string, daysPastDue: number): string {
  if (status === 'past_due') return `${daysPastDue} ${daysPastDue === 1 ? 'day' : 'days'} past due`;
  if (status === 'current') return 'Current';
  return status;
}

export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value}%`;
}

/** Today's date in the viewer's calendar as 'YYYY-MM-DD' (the default date of a payment received today). */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}
