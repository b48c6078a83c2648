// How money, dates, short ids and file sizes read, for every screen (and the server's texts): US dollars en-US, ids as
// their first 8 characters in upper case. Nothing here builds an Intl formatter before it is first used: the first
// one a page makes sets up ICU (tens of milliseconds at a phone's speed), which the public pages never pay for.

import { groupThousands } from './group-thousands';

const DASH = '—';
const isMissing = (value: unknown): value is null | undefined => value === null || value === undefined;

let usdCents: Intl.NumberFormat | undefined;
let shortDate: Intl.DateTimeFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

/** Whole US dollars, as Intl writes them ('$125,000', '-$5'); null or undefined shows a dash. */
export function formatUsd(amount: number | null | undefined): string {
  if (isMissing(amount)) return DASH;
  const whole = Math.round(amount);
  return `${whole < 0 ? '-' : ''}$${groupThousands(Math.abs(whole))}`;
}

/** Dollars and cents, for balances and payments: '$1,234.50'; null or undefined shows a dash. */
export function formatUsdCents(amount: number | null | undefined): string {
  if (isMissing(amount)) return DASH;
  usdCents ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return usdCents.format(amount);
}

/** Whole dollars unless there are cents (a schedule's last installment absorbs the rounding): '$1,300', '$1,300.25'. */
export function formatUsdExact(amount: number): string {
  return Number.isInteger(amount) ? formatUsd(amount) : formatUsdCents(amount);
}

/** An id as people quote it: its first 8 characters, upper case. */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/**
 * A calendar day, 'Mar 1, 2026': a 'YYYY-MM-DD' string (or the date part of an ISO string) or a Date, read in UTC
 * so the viewer's time zone never moves it to another day. Missing or invalid shows a dash.
 */
export function formatCalendarDate(value: Date | string | null | undefined): string {
  if (!value) return DASH;
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(date.getTime())) return DASH;
  shortDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return shortDate.format(date);
}

/** A moment (created, earned, expires) on the viewer's own calendar: 'Mar 1, 2026'. */
export function formatLocalDate(value: Date): string {
  return value.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A 'YYYY-MM-DD' calendar date spelled out, never shifted: '2017-04-01' -> 'April 1, 2017'; anything else as is. */
export function formatLongDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return longDate.format(date);
}

/** A moment with its time on the viewer's clock: 'Mar 1, 2026, 3:04 PM'. Missing or invalid shows a dash. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return DASH;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return DASH;
  dateTime ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTime.format(date);
}

/** A moment with its time and the viewer's time zone, for signatures: 'Mar 1, 2026, 3:04 PM EST'. */
export function formatDateTimeWithZone(value: Date): string {
  return value.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** A time of day on the viewer's clock: '3:04 PM', or '3:04:05 PM' with seconds. */
export function formatTime(value: Date, { withSeconds = false } = {}): string {
  return value.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}

/** Today on the viewer's calendar as 'YYYY-MM-DD' (the default date of a payment received today). */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** A late loan's status: '1 day past due', '12 days past due'. */
export function formatDaysPastDue(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} past due`;
}

/** File sizes in Bytes, KB, MB or GB (1024-based, up to two decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  const index = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** index).toFixed(2))} ${units[index]}`;
}

/** Integer cents (how money is stored) to the dollar amounts of the API: 123456 -> 1234.56. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Integer cents to whole dollars, for amounts offered and shown without cents: 123456 -> 1235. */
export function centsToWholeDollars(cents: number): number {
  return Math.round(cents / 100);
}
